import fc from 'fast-check';
import { expect } from 'vitest';
import type { Backend } from '../../src-main/backend/backend';
import { appContract, type Channel } from '../../src-shared/contract';
import { wireReplySchema } from '../../src-shared/contract/define';
import { ERROR_CODES } from '../../src-shared/errors';
import { dumpDatabase } from './backend';
import { channelInput } from './fuzz';
import { domainsWrittenBy } from '../../src-shared/contract/invalidation';

/**
 * A request whose contract entry declares no written domain must leave the
 * ledger as it was even when it succeeds: otherwise screens showing what it
 * changed would never be refreshed (the renderer invalidates by domain).
 */
export function expectDeclaredWrites(backend: Backend, channel: Channel, before: ReturnType<typeof dumpDatabase>): void {
  if (domainsWrittenBy(channel).length > 0) return;
  expect(dumpDatabase(backend.ctx.sqlite), `${channel} declares no written domain in its contract entry, but changed the ledger`).toEqual(before);
}

/**
 * The property every channel must hold, whatever it is sent: the dispatcher
 * answers (never throws), the answer is a well-formed reply that survives
 * JSON (browser mode's transport), a refusal is a typed error that is not a
 * crash (INTERNAL means a bug), and a refused request leaves every table
 * exactly as it was.
 */
export async function fuzzChannel(backend: Backend, channel: Channel, numRuns: number, seed?: number): Promise<void> {
  const def = appContract[channel];
  await fc.assert(
    fc.asyncProperty(channelInput(def.input), async (input) => {
      const before = dumpDatabase(backend.ctx.sqlite);
      const reply = await backend.dispatch(channel, input);
      expect(wireReplySchema.safeParse(reply).success, 'reply shape').toBe(true);
      expect(() => JSON.stringify(reply), 'reply survives JSON').not.toThrow();
      if (!reply.ok) {
        expect(ERROR_CODES).toContain(reply.error.code);
        expect(reply.error.code, `${channel} crashed: ${reply.error.message}`).not.toBe('INTERNAL');
        expect(dumpDatabase(backend.ctx.sqlite), `${channel} refused (${reply.error.message}) but changed the ledger`).toEqual(before);
      } else {
        expectDeclaredWrites(backend, channel, before);
      }
    }),
    { numRuns, seed, endOnFailure: true, includeErrorInReport: true },
  );
}

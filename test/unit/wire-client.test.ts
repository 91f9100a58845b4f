import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wireReplySchema } from '../../src-shared/contract/define';
import { DATA_DOMAINS } from '../../src-shared/contract/effects';
import { createWireClient } from '../../src-shared/contract/wire-client';
import { AppError, ERROR_CODES } from '../../src-shared/errors';

/** What the client makes of one raw reply: its value, or the AppError it throws. */
async function outcome(raw: unknown): Promise<{ value: unknown } | { code: string; message: string }> {
  try {
    return { value: await createWireClient(async () => raw as never).call('settings.get', {}) };
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return { code: (e as AppError).code, message: (e as AppError).message };
  }
}

const path = fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean()), { maxLength: 3 });
/** Replies near the wire format: right and wrong in every field the envelope has. */
const nearReply = fc.oneof(
  fc.record(
    {
      ok: fc.oneof(fc.constant(true), fc.constant(false), fc.constant('true')),
      value: fc.jsonValue(),
      written: fc.oneof(fc.array(fc.constantFrom(...DATA_DOMAINS, 'elsewhere')), fc.constant('ledger')),
      error: fc.record(
        {
          code: fc.constantFrom(...ERROR_CODES, 'OOPS', 3),
          message: fc.oneof(fc.string(), fc.constant(null)),
          path,
          issues: fc.array(
            fc.record({ path, message: fc.oneof(fc.string(), fc.integer()), code: fc.oneof(fc.string(), fc.integer()) }, { requiredKeys: ['path', 'message'] }),
            {
              maxLength: 2,
            },
          ),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('the wire client: a reply checked without the contract and without zod', () => {
  it('a value is returned, an error reply becomes its AppError, anything else is a malformed reply', async () => {
    expect(await outcome({ ok: true, value: { theme: 'dark' }, written: ['settings'] })).toEqual({ value: { theme: 'dark' } });
    expect(await outcome({ ok: false, error: { code: 'CONFLICT', message: 'Already finished.' } })).toEqual({ code: 'CONFLICT', message: 'Already finished.' });
    for (const raw of [null, 'ok', [], { ok: 'yes' }, { ok: false }, { ok: false, error: { code: 'OOPS', message: 'x' } }, { ok: true, written: 'ledger' }])
      expect(await outcome(raw)).toEqual({ code: 'INTERNAL', message: 'Malformed reply on settings.get' });
  });

  it('accepts exactly the replies the wire schema accepts', async () => {
    await fc.assert(
      fc.asyncProperty(nearReply, async (raw) => {
        const o = await outcome(raw);
        const accepted = !('message' in o && o.message === 'Malformed reply on settings.get');
        expect(accepted).toBe(wireReplySchema.safeParse(raw).success);
      }),
      { numRuns: 2_000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src-shared/contract/client';
import { appContract, CHANNELS } from '../../src-shared/contract';
import { mergeContracts, channel } from '../../src-shared/contract/define';
import { reads } from '../../src-shared/contract/effects';
import { AppError } from '../../src-shared/errors';
import { z } from 'zod';

describe('the typed API client (what the preload and browser transports share)', () => {
  it('passes the channel and input to the transport and returns the value', async () => {
    const seen: unknown[] = [];
    const api = createApiClient(async (ch, input) => {
      seen.push([ch, input]);
      return { ok: true, value: { clubName: 'X', paperSize: 'A4', theme: 'auto', backupKeep: 10 } };
    });
    await expect(api.call('settings.get', {})).resolves.toMatchObject({ clubName: 'X' });
    expect(seen).toEqual([['settings.get', {}]]);
  });

  it('turns an error reply into an AppError with its code and path', async () => {
    const api = createApiClient(async () => ({ ok: false, error: { code: 'VALIDATION', message: 'bad', path: ['paperSize'] } }));
    const e = await api.call('settings.get', {}).catch((x) => x);
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: 'VALIDATION', path: ['paperSize'] });
  });

  it('treats a malformed reply as an internal error', async () => {
    const api = createApiClient(async () => ({ nonsense: true }) as never);
    await expect(api.call('settings.get', {})).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('refuses a channel that is not in the contract before calling the transport', async () => {
    let called = false;
    const api = createApiClient(async () => {
      called = true;
      return { ok: true, value: null };
    });
    await expect(api.call('no.such' as 'settings.get', {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(called).toBe(false);
  });

  it('lists every contract channel, and merging refuses duplicates', () => {
    expect(CHANNELS).toEqual(Object.keys(appContract));
    const a = { 'x.y': channel('x', z.object({}), z.null(), reads()) };
    expect(() => mergeContracts(a, a)).toThrow(/Duplicate IPC channel: x.y/);
  });
});

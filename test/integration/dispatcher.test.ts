import { describe, expect, it } from 'vitest';
import { AppError } from '../../src-shared/errors';
import { dumpDatabase, testBackend } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('the IPC dispatcher', () => {
  it('returns a typed VALIDATION error with the offending path and changes nothing', async () => {
    const { backend, close } = await testBackend(tmp());
    await backend.dispatch('settings.update', { clubName: 'Before' });
    const before = dumpDatabase(backend.ctx.sqlite);
    const reply = await backend.dispatch('settings.update', { paperSize: 'A3', clubName: 'After' });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe('VALIDATION');
    expect(reply.error.path).toEqual(['paperSize']);
    expect(dumpDatabase(backend.ctx.sqlite)).toEqual(before);
    await close();
  });

  it('refuses unknown fields rather than ignoring them', async () => {
    const { backend, close } = await testBackend(tmp());
    const reply = await backend.dispatch('settings.update', { clubName: 'X', isAdmin: true });
    expect(reply).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    await close();
  });

  it('answers an unknown channel with NOT_FOUND, whatever its name', async () => {
    const { backend, close } = await testBackend(tmp());
    for (const name of ['nope', '__proto__', 'constructor', 42, null]) {
      expect(await backend.dispatch(name, {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    }
    await close();
  });

  it('the typed client turns an error reply into an AppError', async () => {
    const { api, close } = await testBackend(tmp());
    await expect(api.call('settings.update', { paperSize: 'A3' as 'A4' })).rejects.toBeInstanceOf(AppError);
    await expect(api.call('settings.update', { clubName: 'Ashford' })).resolves.toMatchObject({ clubName: 'Ashford', paperSize: 'A4' });
    await close();
  });

  it('a write’s reply names the domains it wrote (the renderer refreshes from them without the contract); a read’s names none', async () => {
    const { backend, close } = await testBackend(tmp());
    const read = await backend.dispatch('settings.get', {});
    expect(read).toMatchObject({ ok: true });
    expect(read).not.toHaveProperty('written');
    expect(await backend.dispatch('settings.update', { clubName: 'Ashford' })).toMatchObject({ ok: true, written: ['settings'] });
    expect(await backend.dispatch('players.create', { name: 'Ada' })).toMatchObject({ ok: true, written: ['players'] });
    // a refused write wrote nothing and says so by naming nothing
    expect(await backend.dispatch('settings.update', { paperSize: 'A3' })).not.toHaveProperty('written');
    await close();
  });
});

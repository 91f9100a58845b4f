import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { appContract } from '../../src-shared/contract';
import { expectAtomicUnderQueryFaults, underFullDisk, writeUntilDiskFull, type FaultScenario } from '../helpers/crash-harness-faults';
import { dumpDatabase } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

async function scenario(
  op: (b: FaultScenario['backend']) => FaultScenario['op'],
  seed?: (b: FaultScenario['backend']) => Promise<void>,
): Promise<FaultScenario> {
  const backend = await startBackend({ dataDir: tmp(), mode: 'test' });
  await seed?.(backend);
  return { backend, op: op(backend), close: () => backend.close() };
}

describe('a fault in the middle of a multi-step write leaves the ledger unchanged', () => {
  it('settings.update (one row per key, four keys)', async () => {
    const counts = await expectAtomicUnderQueryFaults(() =>
      scenario(
        (b) => () => b.dispatch('settings.update', { clubName: 'Fault Club', paperSize: 'LETTER', theme: 'dark', backupKeep: 3 }),
        async (b) => void (await b.dispatch('settings.update', { clubName: 'Before', backupKeep: 9 })),
      ),
    );
    // one transaction of four upserts, each faulted before and after it ran
    expect(counts.units).toBe(1);
    expect(counts.before).toBeGreaterThanOrEqual(4);
    expect(counts.after).toBeGreaterThanOrEqual(4);
  });

  it('settings.update on a full disk: refused cleanly, or fitted in its page; works again once there is room', async () => {
    const { backend, close } = await scenario(() => async () => ({ ok: true, value: null }));
    try {
      const big = { clubName: 'A very long club name that takes up a good deal of space in its page' };
      await underFullDisk(backend, () => backend.dispatch('settings.update', big));
      expect(await backend.dispatch('settings.update', big)).toMatchObject({ ok: true, value: big });
      expect(dumpDatabase(backend.ctx.sqlite).zz_fault_fill).toBeUndefined();
      expect(await backend.dispatch('db.check', {})).toMatchObject({ ok: true, value: { ok: true } });
    } finally {
      await close();
    }
  });

  it.skipIf(!('players.create' in appContract))(
    'players.create until the disk is full: the refusal is typed, changes nothing, and the app recovers',
    async () => {
      const { backend, close } = await scenario(() => async () => ({ ok: true, value: null }));
      try {
        const create = (i: number) => backend.dispatch('players.create', { name: `Player ${i}`, notes: 'n'.repeat(1500) });
        const { refusedAt, reply } = await writeUntilDiskFull(backend, create);
        expect(refusedAt).toBeGreaterThan(0);
        expect(reply.ok).toBe(false);
        expect(await create(refusedAt)).toMatchObject({ ok: true });
        expect(await backend.dispatch('db.check', {})).toMatchObject({ ok: true, value: { ok: true } });
      } finally {
        await close();
      }
    },
  );

  it.skipIf(!('players.create' in appContract))('players.create', async () => {
    const counts = await expectAtomicUnderQueryFaults(() => scenario((b) => () => b.dispatch('players.create', { name: 'Ada', notes: 'n' })));
    expect(counts.units).toBe(1);
    expect(counts.before + counts.after).toBeGreaterThanOrEqual(2);
  });

  it('the fault helper itself catches a write that is not one transaction', async () => {
    await expect(
      expectAtomicUnderQueryFaults(() =>
        scenario((b) => async () => {
          // two separate statements without a transaction: a fault between them leaves the first applied
          try {
            await b.ctx.db
              .insertInto('settings')
              .values({ key: 'a', value_json: '1' })
              .onConflict((oc) => oc.column('key').doNothing())
              .execute();
            await b.ctx.db
              .insertInto('settings')
              .values({ key: 'b', value_json: '1' })
              .onConflict((oc) => oc.column('key').doNothing())
              .execute();
            return { ok: true, value: null };
          } catch (e) {
            return { ok: false, error: { code: 'INTERNAL', message: (e as Error).message } };
          }
        }),
      ),
    ).rejects.toThrow(/2 separate write units/);
  });

  it('the fault helper catches two transactions back to back (a plugin alone cannot tell them apart)', async () => {
    await expect(
      expectAtomicUnderQueryFaults(() =>
        scenario((b) => async () => {
          try {
            for (const key of ['a', 'b'])
              await b.ctx.db.transaction().execute((trx) =>
                trx
                  .insertInto('settings')
                  .values({ key, value_json: '1' })
                  .onConflict((oc) => oc.column('key').doNothing())
                  .execute(),
              );
            return { ok: true, value: null };
          } catch (e) {
            return { ok: false, error: { code: 'INTERNAL', message: (e as Error).message } };
          }
        }),
      ),
    ).rejects.toThrow(/2 separate write units/);
  });
});

import { describe, expect, it } from 'vitest';
import { WORKER_BYTES } from '../../src-main/backend/jobs/worker-rule';
import { dumpLedger, testBackend } from '../helpers/backend';
import { bigPlayersFile } from '../helpers/big-campaign-file';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** Just over the size that sends an import to the print worker. */
function justLargeEnough(): { json: string; players: number } {
  for (let players = 8_000; ; players += 2_000) {
    const json = bigPlayersFile(players);
    if (json.length > WORKER_BYTES) return { json, players };
  }
}

describe.skipIf(!pgServer)('a large campaign file imported into a league (the print worker writes to PostgreSQL)', () => {
  it('every row lands once, again adds nothing, and a refused file leaves the league as it was', async () => {
    const t = await testBackend({ dataDir: tmp(), database: await createTestDatabase() });
    try {
      const { json, players } = justLargeEnough();
      expect((await t.api.call('campaigns.import', { json })).playersAdded).toBe(players);
      const n = await t.backend.ctx.db
        .selectFrom('players')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'like', 'big-%')
        .executeTakeFirstOrThrow();
      expect(n.n).toBe(players);
      expect((await t.api.call('campaigns.import', { json })).playersAdded).toBe(0);

      const before = await dumpLedger(t.backend);
      await expect(t.api.call('campaigns.import', { json: bigPlayersFile(players + 10, { badAt: 1_234 }) })).rejects.toMatchObject({
        code: 'VALIDATION',
        message: expect.stringContaining('1234'),
      });
      expect(await dumpLedger(t.backend)).toEqual(before);
    } finally {
      await t.close();
    }
  });
});

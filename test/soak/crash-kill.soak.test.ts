import { describe, expect, it } from 'vitest';
import { runCrashCampaign, seededRandom } from '../helpers/crash-harness';
import { CRASH_WORKLOADS } from '../helpers/crash-harness-workloads';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const KILLS = Number(process.env.AOA_SOAK_KILLS ?? 200);

describe('crash safety, nightly size', () => {
  it(`${KILLS} kills on one ledger`, { timeout: KILLS * 10_000 }, async () => {
    const seed = Number(process.env.AOA_CRASH_SEED ?? Date.now() % 1_000_000);
    const report = await runCrashCampaign({
      dataDir: tmp(),
      kills: KILLS,
      workloads: CRASH_WORKLOADS,
      rng: seededRandom(seed),
      maxStreamMs: 400,
      onKill: (i, r) => {
        if ((i + 1) % 25 === 0) console.log(`crash soak: ${i + 1} kills, ${r.acknowledged} acknowledged writes, ${r.killedDuringStart} during start-up`);
      },
    });
    console.log(`crash soak (seed ${seed}): ${JSON.stringify({ ...report, problems: report.problems.length })}`);
    expect(report.problems, `seed ${seed}`).toEqual([]);
    expect(report.kills).toBe(KILLS);
  });
});

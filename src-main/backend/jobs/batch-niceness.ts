import { z } from 'zod';

/** A niceness as Linux takes it for an unprivileged thread: 0 (none) to 19 (yields the most). */
const nicenessSetting = z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int().max(19));

/**
 * How far a batch steps back for the rest of the machine: 10 by default; `AOA_BATCH_NICENESS` sets 0–19, and
 * anything else keeps the default. The test runs set 0: there every core is busy with the other tests, and a batch at
 * 10 got a tenth of a core and ran past its test's time limit, while in the app the cores it yields to are the window's.
 */
export function batchNiceness(setting: string | undefined): number {
  const parsed = nicenessSetting.safeParse(setting);
  return parsed.success ? parsed.data : 10;
}

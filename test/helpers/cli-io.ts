import { runCli } from '../../src-main/cli/program';
import type { CliIo } from '../../src-main/cli/runtime';

/** The CLI's output streams captured for a test: pass `io` to runCli, then read what it printed. */
export function captureIo(): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

/** The CLI on the data folder `dir`, as `aoa --data-dir DIR …` runs: pass the rest of the arguments and an `io`; it returns the exit code. */
export function cliOn(dir: string): (args: string[], io: CliIo) => Promise<number> {
  return (args, io) => runCli(['--data-dir', dir, ...args], io);
}

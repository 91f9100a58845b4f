import type { CliIo } from '../../src-main/cli/runtime';

/** The CLI's output streams captured for a test: pass `io` to runCli, then read what it printed. */
export function captureIo(): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

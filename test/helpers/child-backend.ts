// A backend in its own process, for tests that must kill it (crash safety) or
// run two at once (data folder lock). It speaks line-delimited JSON on
// stdin/stdout to the same dispatcher as every transport:
//   in:  {"id": 1, "channel": "settings.update", "input": {...}}
//   out: {"ready": true, "pid": 123} once, then {"id": 1, "reply": <WireReply>} per request,
//        or {"fatal": {"code": "LOCKED", "message": "..."}} and exit 3 when the backend cannot start.
// Requests are handled one after another, in arrival order, so "acknowledged"
// has a simple meaning for the crash checks: everything before an answered request was answered too.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startBackend } from '../../src-main/backend/backend';
import type { BackendMode } from '../../src-main/backend/context';
import { AppError } from '../../src-shared/errors';

const { values, positionals } = parseArgs({
  options: { mode: { type: 'string', default: 'test' }, 'auto-backup': { type: 'boolean', default: false } },
  allowPositionals: true,
});
const dataDir = positionals[0];
if (!dataDir) {
  process.stderr.write('usage: child-backend.ts <dataDir> [--mode test|browser|electron|cli] [--auto-backup]\n');
  process.exit(2);
}

const write = (msg: unknown) => process.stdout.write(JSON.stringify(msg) + '\n');

try {
  const backend = await startBackend({
    dataDir,
    mode: values.mode as BackendMode,
    autoBackup: values['auto-backup'],
    onInternalError: (ch, e) => process.stderr.write(`[${ch}] ${(e as Error)?.stack ?? String(e)}\n`),
  });
  write({ ready: true, pid: process.pid });
  const lines = createInterface({ input: process.stdin });
  let chain = Promise.resolve();
  lines.on('line', (line) => {
    chain = chain.then(async () => {
      let req: { id?: unknown; channel?: unknown; input?: unknown };
      try {
        req = JSON.parse(line);
      } catch {
        write({ id: null, reply: { ok: false, error: { code: 'VALIDATION', message: 'not JSON' } } });
        return;
      }
      write({ id: req.id, reply: await backend.dispatch(req.channel, req.input) });
    });
  });
  lines.on('close', () => {
    void chain.then(() => backend.close()).then(() => process.exit(0));
  });
} catch (e) {
  const err = e instanceof AppError ? e : new AppError('INTERNAL', (e as Error)?.message ?? String(e));
  write({ fatal: err.toPayload() });
  process.exit(3);
}

// Runs a child process with inherited output, passes SIGINT/SIGTERM on to it,
// and exits with its code, so `npm start`/`npm run serve` never leave the
// server running behind them.
import { spawn } from 'node:child_process';

export function runChild(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  const forward = (signal) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

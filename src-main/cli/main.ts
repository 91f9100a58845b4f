import { runCli } from './program';

// A reader that stops early (\`aoa designer report | head\`) closes the pipe: the rest of the output has nowhere to go,
// and that is the reader's choice, not a failure. The command ends quietly instead of crashing with EPIPE.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });

process.exitCode = await runCli(process.argv.slice(2));

import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { INPUT_LIMITS, readBoundedText } from '../../src-main/cli/read-bounded';
import { captureIo } from '../helpers/cli-io';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/**
 * Issue 14: `ruleset import /dev/zero` grew to 9 GB, because the size check
 * read the file system's size (0 for devices and pipes). Every command that
 * reads a file holds its limit while reading, and no refusal quotes the file.
 */
describe.runIf(process.platform !== 'win32')('the CLI reads files with a limit that holds for devices and pipes', () => {
  it.each([
    [['ruleset', 'import', '/dev/zero'], 1],
    [['campaign', 'import', '/dev/zero'], 1],
    [['roster', 'validate', '/dev/zero'], 2],
    [['odds', '/dev/zero'], 2],
  ])('%j is refused at its limit with a clear message, quickly', async (args, exit) => {
    const dir = tmp();
    const { io, out, err } = captureIo();
    const started = Date.now();
    const code = await runCli(['--data-dir', dir, ...args], io);
    expect(code).toBe(exit);
    expect([...out, ...err].join('\n')).toMatch(/larger than \d+(\.\d)? MB, the most a .* may be/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('a named pipe is read to its end within the limit', () => {
    const dir = tmp();
    const fifo = join(dir, 'in.fifo');
    execFileSync('mkfifo', [fifo]);
    // a writer on the other end, as a shell pipeline would be
    const writer = spawn('sh', ['-c', `printf '{"a":1}' > '${fifo}'`], { stdio: 'ignore' });
    expect(readBoundedText(fifo, 'attack')).toBe('{"a":1}');
    writer.kill();
  });

  it('a refusal never prints the file’s contents (a system file given by mistake)', async () => {
    const dir = tmp();
    const secret = join(dir, 'passwd');
    writeFileSync(secret, 'root:x:0:0:root:/root:/bin/bash\nsecret-line-in-the-file\n');
    for (const args of [
      ['roster', 'validate', secret],
      ['odds', secret],
      ['campaign', 'import', secret],
      ['ruleset', 'import', secret],
    ]) {
      const { io, out, err } = captureIo();
      const code = await runCli(['--data-dir', dir, ...args], io);
      expect(code, args.join(' ')).toBeGreaterThan(0);
      const printed = [...out, ...err].join('\n');
      expect(printed, args.join(' ')).not.toMatch(/root:x|secret-line|bin\/bash/);
    }
  });

  it('the limits are the requests’ own', () => {
    expect(INPUT_LIMITS['ruleset pack']).toBe(5 * 1024 * 1024);
    expect(INPUT_LIMITS.roster).toBe(2_000_000);
  });
});

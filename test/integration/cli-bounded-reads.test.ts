import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { INPUT_LIMITS, readBoundedText } from '../../src-main/backend/files/bounded-read';
import { captureIo } from '../helpers/cli-io';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/**
 * Issue 14: `ruleset import /dev/zero` grew to 9 GB, because the size check
 * read the file system's size (0 for devices and pipes). Every command that
 * reads a file holds its limit while reading, and no refusal quotes the file.
 */
describe.runIf(process.platform !== 'win32')('the CLI reads files with a limit that holds for devices and pipes', () => {
  // Issue 40: every file door reads through the one bounded reader: a device or a folder is refused in plain words
  // before a byte is read (`designer import /dev/zero` grew past 2.5 GB; a folder answered raw "EISDIR").
  const FILE_DOORS: [string[], number][] = [
    [['ruleset', 'import'], 1],
    [['campaign', 'import'], 1],
    [['roster', 'validate'], 2],
    [['odds'], 2],
    [['designer', 'import'], 1],
    [['restore'], 1],
    [['league', 'push', 'postgres://nobody@127.0.0.1:1/none', '--from'], 1],
  ];
  it.each(FILE_DOORS)('%j refuses a device, a folder and a file past its limit, quickly, in plain words', async (args, exit) => {
    const dir = tmp();
    const big = join(dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(6 * 1024 * 1024, 0x20));
    const cases: [string, RegExp][] = [
      ['/dev/zero', /it is a device, not a file/],
      [dir, /it is a folder, not a file/],
    ];
    // a file past its limit, where the limit is small enough to write here (a campaign file may be 200 MB)
    if (['ruleset', 'roster', 'odds'].includes(args[0]!)) cases.push([big, /larger than \d+(\.\d)? MB, the most a .* may be/]);
    for (const [path, message] of cases) {
      const { io, out, err } = captureIo();
      const started = Date.now();
      const code = await runCli(['--data-dir', dir, ...args, path], io);
      const printed = [...out, ...err].join('\n');
      expect(code, `${args.join(' ')} ${path}: ${printed}`).toBe(exit);
      expect(printed).toMatch(message);
      expect(printed).not.toMatch(/EISDIR|INTERNAL|Unexpected/);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });

  it('a device is refused before anything is read from it', () => {
    expect(() => readBoundedText('/dev/zero', 'attack')).toThrow(/it is a device, not a file/);
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

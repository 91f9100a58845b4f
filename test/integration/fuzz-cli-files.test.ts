import fc from 'fast-check';
import BetterSqlite3 from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { writeSnapshot } from '../../src-main/backend/db/backup';
import { validateLedgerFile } from '../../src-main/backend/db/restore';
import { buildProgram, runCli } from '../../src-main/cli/program';
import { AppError } from '../../src-shared/errors';
import { dumpDatabase } from '../helpers/backend';
import { FUZZ_RUNS, NASTY_STRINGS } from '../helpers/fuzz';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const sink = { out: () => undefined, err: () => undefined };
/** Commands that read their input from stdin when no FILE is named. */
const READS_STDIN = new Set(['odds']);

function ledgerDump(dir: string): unknown {
  const file = join(dir, 'ledger.sqlite');
  if (!existsSync(file)) return null;
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return dumpDatabase(db);
  } finally {
    db.close();
  }
}

/** Every command path and option the CLI has today, read from the program itself. */
function cliVocabulary(): { commands: string[][]; options: string[] } {
  const program = buildProgram(sink);
  const commands: string[][] = [];
  const options = new Set<string>(['--json', '--help', '--data-dir', '--', '-']);
  const walk = (cmd: ReturnType<typeof buildProgram>, path: string[]) => {
    for (const o of cmd.options) if (o.long && o.long !== '--data-dir') options.add(o.long);
    for (const c of cmd.commands) {
      commands.push([...path, c.name()]);
      walk(c as ReturnType<typeof buildProgram>, [...path, c.name()]);
    }
  };
  walk(program, []);
  return { commands, options: [...options] };
}

describe('hostile command lines', () => {
  it('every command answers 0, 1 or 2, never throws, and a refusal leaves the ledger as it was', { timeout: 120_000 }, async () => {
    const dir = tmp();
    const outDir = tmp();
    expect(await runCli(['--data-dir', dir, 'db', 'check'], sink)).toBe(0);
    const { commands, options } = cliVocabulary();
    const word = fc.oneof(
      fc.constantFrom(...options),
      fc.constantFrom(...NASTY_STRINGS.filter((s) => !s.includes('\0'))),
      fc.string({ maxLength: 12 }),
      fc.integer().map(String),
    );
    let i = 0;
    // a generated `--data-dir WORD` names a folder relative to the working directory: keep those in scratch space too
    const cwd = process.cwd();
    process.chdir(outDir);
    onTestFinished(() => process.chdir(cwd));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...commands), fc.array(word, { maxLength: 5 }), async (command, rest) => {
        // a file the command writes goes into a scratch folder: the CLI writes where its user says, and here that is us
        const args = rest.map((a, k) => (rest[k - 1] === '--out' ? join(outDir, `out-${i++}.sqlite`) : a));
        // commands that read stdin when given no file would wait for input (as they should): give them a file of junk
        if (READS_STDIN.has(command.join(' '))) {
          const junk = join(outDir, `in-${i++}.json`);
          writeFileSync(junk, rest.join(' '));
          args.unshift(junk);
        }
        const before = ledgerDump(dir);
        const code = await Promise.race([
          runCli(['--data-dir', dir, ...command, ...args], sink),
          new Promise<string>((r) => setTimeout(() => r('hung'), 10_000)),
        ]);
        expect([0, 1, 2]).toContain(code);
        if (code !== 0) expect(ledgerDump(dir)).toEqual(before);
      }),
      { numRuns: FUZZ_RUNS * 2, includeErrorInReport: true },
    );
  });
});

describe('hostile backup files (restore)', () => {
  const okCodes = ['VALIDATION', 'DB_CORRUPT', 'DB_NEWER', 'NOT_FOUND'];

  it('random bytes, damaged ledgers and other SQLite files are refused with a typed error; the ledger is untouched', { timeout: 120_000 }, async () => {
    const dir = tmp();
    const work = tmp();
    expect(await runCli(['--data-dir', dir, 'db', 'check'], sink)).toBe(0);
    const good = join(work, 'good.sqlite');
    writeSnapshot(join(dir, 'ledger.sqlite'), good);
    const goodBytes = readFileSync(good);
    const other = join(work, 'other.sqlite');
    new BetterSqlite3(other).exec('create table t (x); insert into t values (1)');
    mkdirSync(join(work, 'a-folder.sqlite'));

    const candidate = fc.oneof(
      fc.uint8Array({ maxLength: 20_000 }).map((b) => Buffer.from(b)),
      // a real ledger with a few bytes changed anywhere, or cut short
      fc
        .tuple(
          fc.array(fc.tuple(fc.nat(goodBytes.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
          fc.boolean(),
          fc.nat(goodBytes.length),
        )
        .map(([flips, cut, at]) => {
          const b = Buffer.from(goodBytes);
          for (const [pos, v] of flips) b[pos] = v;
          return cut ? b.subarray(0, at) : b;
        }),
      fc.constantFrom(Buffer.alloc(0), Buffer.from('SQLite format 3\0'), Buffer.from('%PDF-1.7'), Buffer.from('{"players": []}')),
    );
    const before = ledgerDump(dir);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(candidate, async (bytes) => {
        const file = join(work, `candidate-${n++}.sqlite`);
        writeFileSync(file, bytes);
        try {
          validateLedgerFile(file);
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
          expect(okCodes).toContain((e as AppError).code);
          expect(await runCli(['--data-dir', dir, 'restore', file], sink)).toBe(1);
          expect(ledgerDump(dir)).toEqual(before);
        }
      }),
      { numRuns: FUZZ_RUNS * 2, includeErrorInReport: true },
    );
    for (const f of [other, join(work, 'a-folder.sqlite'), join(work, 'missing.sqlite'), ...NASTY_STRINGS.slice(20, 30)]) {
      expect(await runCli(['--data-dir', dir, 'restore', f], sink)).toBe(1);
    }
    expect(ledgerDump(dir)).toEqual(before);
    copyFileSync(good, join(work, 'still-good.sqlite'));
    expect(await runCli(['--data-dir', dir, 'restore', join(work, 'still-good.sqlite')], sink)).toBe(0);
  });
});

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { captureIo } from '../helpers/cli-io';
import { pdfText } from '../helpers/pdf';
import { bundleBytes, bundleOf, generatedRecords } from '../helpers/playtest-bundles';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** A desk (its own data folder) holding two clubs' bundles: one named, one anonymous. */
async function desk(): Promise<{ dir: string; named: string; anonymous: string }> {
  const dir = tmp();
  const files = [join(dir, 'olomouc.json'), join(dir, 'anonymous.json')];
  const named = bundleOf(generatedRecords(6, 1, 'o'), { clubName: 'Olomouc Wargamers' });
  const anonymous = bundleOf(generatedRecords(4, 2, 'a'));
  writeFileSync(files[0]!, bundleBytes(named));
  writeFileSync(files[1]!, bundleBytes(anonymous));
  const { io, err } = captureIo();
  expect(await runCli(['--data-dir', dir, 'designer', 'import', ...files], io), err.join('\n')).toBe(0);
  return { dir, named: named.club.id, anonymous: anonymous.club.id };
}

async function report(dir: string, args: string[]) {
  const { io, out, err } = captureIo();
  const code = await runCli(['--data-dir', dir, 'designer', 'report', ...args], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Issue 41: `--club` wanted an id and said "Invalid UUID" to a name; contradictory bounds gave nothing without a word. */
describe('aoa designer report', () => {
  it('takes a club by its name (as people compare names) or its id, and refuses one the desk does not hold, naming those it does', async () => {
    const d = await desk();
    const byName = await report(d.dir, ['--club', 'olomouc WARGAMERS', '--json']);
    expect(byName.code, byName.err).toBe(0);
    expect(JSON.parse(byName.out).battles).toBe(6);
    const byId = await report(d.dir, ['--club', d.anonymous, '--json']);
    expect(JSON.parse(byId.out).battles).toBe(4);
    const unknown = await report(d.dir, ['--club', 'Brno']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('The desk holds no club "Brno". The clubs it holds: ');
    expect(unknown.err).toContain(`Olomouc Wargamers (${d.named})`);
    expect(unknown.err).not.toMatch(/UUID/i);
  });

  it.each([
    [['--points-min', '300', '--points-max', '200'], /--points-min 300 is more than --points-max 200/],
    [['--from', '2026-12-01', '--to', '2026-11-01'], /--from 2026-12-01 is after --to 2026-11-01/],
  ])('refuses bounds that exclude everything: %j', async (args, message) => {
    const d = await desk();
    const r = await report(d.dir, args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});

describe('what the desk prints names things as the screen does (issue 41)', () => {
  it('rulings by their labels in the text, the CSV and the PDF, whose footer names the battles’ game data', async () => {
    const d = await desk();
    const text = await report(d.dir, []);
    expect(text.out).toContain('Routing status (module): Latched');
    expect(text.out).not.toContain('latchRout=true');
    const [csv, pdf] = [join(d.dir, 'figures.csv'), join(d.dir, 'figures.pdf')];
    expect((await report(d.dir, ['--csv', csv, '--pdf', pdf])).code).toBe(0);
    expect(readFileSync(csv, 'utf8')).toContain('Routing status (module): Latched');
    const words = pdfText(readFileSync(pdf)).replace(/\s+/g, ' ');
    expect(words).toContain('Routing status (module): Latched');
    expect(words).not.toContain('latchRout');
    // the records' game data (2.4-provisional.3), not the desk ledger's own pack
    expect(words).toContain('Battles’ game data: 2.4-provisional.3');
  }, 60_000);
});

describe('a reader that stops early', () => {
  it('ends the command quietly, exit 0, when the pipe it prints into is closed (`aoa … | head`)', async () => {
    const dir = tmp();
    // the pack is 80-odd KB of JSON: far more than one pipe buffer, so the writer meets the closed pipe
    const child = spawn(process.execPath, ['bin/aoa.mjs', '--data-dir', dir, 'ruleset', 'export', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  }, 60_000);
});

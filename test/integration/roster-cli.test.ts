import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import type { Roster } from '../../src-shared/roster/schema';
import { testBackend } from '../helpers/backend';
import { seedPlayer } from '../helpers/roster-seed';
import { captureIo as io } from '../helpers/cli-io';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/**
 * A Penitent Concord roster in the bundled pack's unit ids, legal by composition
 * [000 §2]: Captain, four Officers (one posted to the Elite squad), two Core squads of 3, one Elite of 2.
 */
function concordRoster(playerId: string, id = 'r-1'): Roster {
  const fighters = (p: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: `${p}-${i}`, name: '', loadoutId: null, equipment: [] }));
  return {
    id,
    name: 'Lantern Vigil',
    playerId,
    campaignId: null,
    mode: 'standalone',
    factionId: 'penitent-concord',
    startingCity: '',
    rulesetVersionId: 1,
    captain: { id: 'cap', name: 'Mother Ysolde', unitId: 'concord-confessor-captain', loadoutId: null, equipment: [] },
    officers: [1, 2, 3, 4].map((n) => ({
      id: `o${n}`,
      name: `Deacon ${n}`,
      unitId: 'concord-deacon',
      loadoutId: null,
      equipment: [],
      postedTo: n === 1 ? 'f-elite' : null,
    })),
    formations: [
      { id: 'f-core-1', slot: 'core', unitId: 'concord-flagellants', name: 'First Penance', fighters: fighters('a', 3), inReserve: false },
      { id: 'f-core-2', slot: 'core', unitId: 'concord-flagellants', name: 'Second Penance', fighters: fighters('b', 3), inReserve: false },
      { id: 'f-elite', slot: 'elite', unitId: 'black-sacristan', name: 'Sacristans', fighters: fighters('c', 2), inReserve: false },
    ],
    notes: '',
  };
}

function rosterFile(roster: Roster): string {
  return JSON.stringify({ format: 'age-of-ash-roster', version: 1, exportedAt: '2026-11-30T09:00:00Z', ruleset: null, playerName: 'Ana', roster });
}

/** A legal Penitent Concord roster "Lantern Vigil" of Ana, saved on a data folder that is then closed. */
async function savedLanternVigil(dir: string) {
  const t = await testBackend(dir);
  try {
    await seedPlayer(t.backend.ctx.db, 'p-ana', 'Ana');
    const created = await t.api.call('rosters.create', { name: 'Lantern Vigil', playerId: 'p-ana', factionId: 'penitent-concord' });
    const r = concordRoster('p-ana', created.roster.id);
    r.rulesetVersionId = created.roster.rulesetVersionId;
    return { id: created.roster.id, saved: await t.api.call('rosters.save', { roster: r }) };
  } finally {
    await t.close();
  }
}

describe('roster CLI [issue 4, acceptance 4]', () => {
  it('roster validate: a legal file exits 0', async () => {
    const file = join(tmp(), 'legal.json');
    writeFileSync(file, rosterFile(concordRoster('p')));
    const c = io();
    expect(await runCli(['roster', 'validate', file, '--allowance', '400'], c.io)).toBe(0);
    expect(c.out.join('\n')).toMatch(/Legal/);
  });

  it('roster validate: an invalid file prints the violation codes and exits 1', async () => {
    const r = concordRoster('p');
    const third = (n: number) => ({
      id: `f-e${n}`,
      slot: 'elite' as const,
      unitId: 'black-sacristan',
      name: `Elite ${n}`,
      fighters: [
        { id: `e${n}a`, name: '', loadoutId: null, equipment: [] },
        { id: `e${n}b`, name: '', loadoutId: null, equipment: [] },
      ],
      inReserve: false,
    });
    r.formations.push(third(2), third(3)); // [000 §2 step 3] a third Elite squad
    r.officers[1]!.postedTo = 'f-elite'; // [000 §6] a second Officer on one host
    const file = join(tmp(), 'bad.json');
    writeFileSync(file, rosterFile(r));
    const c = io();
    expect(await runCli(['roster', 'validate', file, '--allowance', '300'], c.io)).toBe(1);
    const out = c.out.join('\n');
    expect(out).toMatch(/^ELITE_COUNT_MAX /m);
    expect(out).toMatch(/^OFFICER_POST_SHARED /m);
    expect(out).toMatch(/^POINTS_OVER_LIMIT /m);

    const j = io();
    expect(await runCli(['roster', 'validate', file, '--standalone', '--json'], j.io)).toBe(1);
    const parsed = JSON.parse(j.out[0]!);
    expect(parsed.violations.map((v: { code: string }) => v.code)).toEqual(['ELITE_COUNT_MAX', 'OFFICER_POST_SHARED']);
    expect(parsed.points.allowance).toBe(500);
  });

  it('roster validate: malformed JSON exits 2 and names the problem', async () => {
    const file = join(tmp(), 'broken.json');
    writeFileSync(file, '{"format": "age-of-ash-roster", "roster": {');
    const c = io();
    expect(await runCli(['roster', 'validate', file], c.io)).toBe(2);
    expect(c.err.join('\n')).toMatch(/is not valid JSON/);
  });

  it('roster validate: a file that is not a roster exits 2 and lists each problem with its path', async () => {
    const file = join(tmp(), 'wrong.json');
    const r = concordRoster('p') as unknown as Record<string, unknown>;
    delete r.name;
    (r.formations as { slot: string }[])[0]!.slot = 'cavalry';
    writeFileSync(file, rosterFile(r as unknown as Roster));
    const c = io();
    expect(await runCli(['roster', 'validate', file], c.io)).toBe(2);
    const err = c.err.join('\n');
    expect(err).toMatch(/roster\.name:/);
    expect(err).toMatch(/roster\.formations\.0\.slot:/);
    const missing = io();
    expect(await runCli(['roster', 'validate', join(tmp(), 'nope.json')], missing.io)).toBe(2);
    expect(missing.err.join('')).toMatch(/no such file/);
  });

  it('roster list, roster export and print roster on a data folder', async () => {
    const dir = tmp();
    const { id, saved } = await savedLanternVigil(dir);
    expect(saved.validation.violations).toEqual([]);

    const list = io();
    expect(await runCli(['--data-dir', dir, 'roster', 'list'], list.io)).toBe(0);
    expect(list.out.join('\n')).toMatch(new RegExp(`${id}\\s+Lantern Vigil\\s+\\(Ana, penitent-concord, standalone\\)`));

    const exp = io();
    expect(await runCli(['--data-dir', dir, 'roster', 'export', id], exp.io)).toBe(0);
    expect(JSON.parse(exp.out.join('')).roster.formations.map((f: { id: string }) => f.id)).toEqual(['f-core-1', 'f-core-2', 'f-elite']);

    const pdf = join(tmp(), 'sheet.pdf');
    const p = io();
    expect(await runCli(['--data-dir', dir, 'print', 'roster', id, '--out', pdf, '--paper', 'letter'], p.io)).toBe(0);
    expect(p.out.join('')).toMatch(/Army sheet written to/);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const again = io();
    expect(await runCli(['--data-dir', dir, 'print', 'roster', id, '--out', pdf], again.io)).toBe(1);
    expect(existsSync(pdf)).toBe(true);
  });

  it('roster export --text prints the army list players paste into a chat, with the pack’s names (issue 15)', async () => {
    const dir = tmp();
    const { id, saved } = await savedLanternVigil(dir);
    const pack = saved.pack;
    const out = io();
    expect(await runCli(['--data-dir', dir, 'roster', 'export', id, '--text'], out.io)).toBe(0);
    const text = out.out.join('');
    const faction = pack.factions.find((f) => f.id === 'penitent-concord')!.name;
    expect(text.split('\n')[0]).toBe(`Lantern Vigil · ${faction}`);
    expect(text).toMatch(/^Standalone game · \d+ pts( †)? of \d+ · 13 models$/m);
    expect(text).toMatch(/^Command group · /m);
    expect(text.match(/^(Core squad|Elite squad): /gm)).toHaveLength(3);
    expect(text).not.toMatch(/penitent-concord|f-core-1|"format"/);

    const file = join(tmp(), 'list.txt');
    expect(await runCli(['--data-dir', dir, 'roster', 'export', id, '--text', '--out', file], io().io)).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

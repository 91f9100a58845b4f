// Issue 33, items 1 and 2: "The import preview says which ruleset versions will be added", "the preview names the
// clash and offers the existing player", "A file row whose id matches an existing row with different content is named
// in the preview, never merged silently". campaigns.importPreview reads the file as the import does and writes nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PACK_ID } from '../../src-shared/ruleset/bundled';
import { runCli } from '../../src-main/cli/program';
import { dumpLedger, withBackend, type LedgerPlace } from '../helpers/backend';
import { captureIo } from '../helpers/cli-io';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
// exported by commit 74e4c11, before the bundled pack's data version .3: its pack is not in today's ledger
const OLDER = readFileSync(join(__dirname, '..', 'fixtures', 'older-files', '74e4c11-played.aoa-campaigns.json'), 'utf8');

const where = (p: LedgerPlace) => (typeof p === 'string' ? ['--data-dir', p] : ['--data-dir', p.dataDir, '--database', p.database!]);

interface FileShape {
  players: { id: string; name: string }[];
  rulesetVersions: { data_version: string }[];
  campaigns: { campaign: { id: string; name: string }; rosters: { id: string; name: string; roster_json: string }[] }[];
}

describe.each(DIALECTS)('campaign import preview (%s)', (dialect) => {
  it('names the version added, the campaign and player created and the name clash, and writes nothing', async () => {
    const file = JSON.parse(OLDER) as FileShape;
    const [cleo, dov] = file.players;
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      // "CLEO" here is a different player from the file's "Cleo": one name, one player once case folded
      const here = await api.call('players.create', { name: cleo!.name.toUpperCase() });
      const before = await dumpLedger(backend);

      const preview = await api.call('campaigns.importPreview', { json: OLDER });
      expect(await dumpLedger(backend)).toEqual(before);

      expect(preview.rulesetVersions).toEqual([
        expect.objectContaining({ packId: BUNDLED_PACK_ID, dataVersion: file.rulesetVersions[0]!.data_version, version: 2, added: true, renumbered: true }),
      ]);
      expect(preview.campaigns).toEqual([{ id: file.campaigns[0]!.campaign.id, name: file.campaigns[0]!.campaign.name, added: true }]);
      expect(preview.players).toEqual([
        { id: cleo!.id, name: cleo!.name, added: true, clash: { id: here.id, name: here.name } },
        { id: dov!.id, name: dov!.name, added: true, clash: null },
      ]);
      expect(preview.importable).toBe(false);
      expect(preview.lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^Game data version added: .*${file.rulesetVersions[0]!.data_version.replace(/\./g, '\\.')}`)),
          `Campaign created: ${file.campaigns[0]!.campaign.name}.`,
          `Player created: ${dov!.name}.`,
          expect.stringContaining(`"${cleo!.name}" in the file has the name of ${here.name}`),
        ]),
      );
      // the import says the same and writes nothing either
      await expect(api.call('campaigns.import', { json: OLDER })).rejects.toThrow(/has the name of CLEO/);
      expect(await dumpLedger(backend)).toEqual(before);
    });
  });

  it('names each row the ledger holds under the same id with other content, and writes nothing', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      await api.call('campaigns.import', { json: OLDER });
      const clean = await api.call('campaigns.importPreview', { json: OLDER });
      expect(clean).toMatchObject({ differences: [], importable: true });
      expect(clean.rulesetVersions.every((v) => !v.added)).toBe(true);
      expect(clean.campaigns.every((c) => !c.added)).toBe(true);

      // the same ids, other content: a player renamed in the other ledger, a roster edited there
      const file = JSON.parse(OLDER) as FileShape;
      file.players[1]!.name = 'Dov the Elder';
      const roster = file.campaigns[0]!.rosters[0]!;
      roster.name = 'Renamed warband';
      roster.roster_json = JSON.stringify({ ...(JSON.parse(roster.roster_json) as object), name: 'Renamed warband' });
      const before = await dumpLedger(backend);
      const preview = await api.call('campaigns.importPreview', { json: JSON.stringify(file) });
      expect(await dumpLedger(backend)).toEqual(before);
      expect(preview.differences).toEqual([
        expect.objectContaining({ table: 'players', id: file.players[1]!.id, refuses: false, message: expect.stringContaining('Dov the Elder') }),
        expect.objectContaining({ table: 'rosters', id: roster.id, refuses: true, message: expect.stringContaining('Renamed warband') }),
      ]);
      expect(preview.importable).toBe(false);
      expect(preview.lines.filter((l) => l.startsWith('Differs: '))).toHaveLength(2);
    });
  });

  it('`aoa campaign import FILE --dry-run` prints the preview’s lines and writes nothing', async () => {
    const place = await ledgerPlace(dialect, tmp());
    const dir = typeof place === 'string' ? place : place.dataDir;
    const fileAt = join(dir, 'older.json');
    writeFileSync(fileAt, OLDER);
    const before = await withBackend(place, async ({ backend, api }) => {
      await api.call('players.create', { name: 'DOV' });
      return dumpLedger(backend);
    });
    const run = captureIo();
    expect(await runCli([...where(place), 'campaign', 'import', fileAt, '--dry-run'], run.io), run.err.join('\n')).toBe(0);
    const text = run.out.join('\n');
    expect(text).toMatch(/^Game data version added: /m);
    expect(text).toContain('Player created: Cleo.');
    expect(text).toContain('"Dov" in the file has the name of DOV');
    expect(text).toContain('This file cannot be imported as it is; nothing has been written.');
    expect(await withBackend(place, ({ backend }) => dumpLedger(backend))).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import type { Roster } from '../../src-shared/roster/schema';
import { appendEvent } from '../../src-main/backend/db/tables/ledger.table';
import type { Backend } from '../../src-main/backend/backend';
import type { ApiClient } from '../../src-shared/contract/client';
import { dumpLedger, withBackend } from '../helpers/backend';
import { pdfText } from '../helpers/pdf';
import { seedPackVersion, seedPlayer, seedTestPack } from '../helpers/roster-seed';
import { expectError } from '../helpers/expect-error';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace, type TestDialect } from '../helpers/dialects';
import { readFileSync } from 'node:fs';
import { waitForJob } from '../../src-main/backend/jobs/job-manager';
import { startRosterBatch } from '../../src-main/backend/jobs/start-batch';
import { formation, maximalRoster, TEST_PACK } from '../fixtures/roster-pack';

const tempDir = useTempDirs();

type RosterLedger = { backend: Backend; api: ApiClient; db: Backend['ctx']['db']; versionId: number };

/** A backend on a fresh ledger (of `dialect`) with the test pack and players Ana and Bo, handed to `fn` and closed after it. */
async function withRosterLedger(dialect: TestDialect, fn: (t: RosterLedger) => Promise<void>): Promise<void> {
  await withBackend(await ledgerPlace(dialect, tempDir()), async (t) => {
    const db = t.backend.ctx.db;
    const versionId = await seedTestPack(db);
    await seedPlayer(db, 'p-ana', 'Ana Łukasiewicz');
    await seedPlayer(db, 'p-bo', 'Bo');
    await fn({ ...t, db, versionId });
  });
}

/** A legal roster built on a created one (ids kept). */
function legal(r: Roster): Roster {
  const m = maximalRoster();
  return {
    ...r,
    captain: m.captain,
    officers: m.officers.map((o) => ({ ...o, postedTo: null })),
    formations: [formation('core', 3, 'Ashen Line'), formation('core', 3, 'Second Line')],
  };
}

describe.each(DIALECTS)('rosters channels on a real ledger file (%s)', (dialect) => {
  it('creates an empty standalone roster checked against 500, saves a draft and then a legal roster', () =>
    withRosterLedger(dialect, async ({ api, versionId }) => {
      const created = await api.call('rosters.create', { name: 'Ash Wolves', playerId: 'p-ana', factionId: 'penitent-concord', rulesetVersionId: versionId });
      expect(created.allowance).toBe(500); // [000 §1] standalone games allow 500
      expect(created.validation.valid).toBe(false);
      expect(created.validation.violations.map((v) => v.code)).toEqual(['CAPTAIN_COUNT', 'OFFICER_COUNT', 'CORE_COUNT_MIN']);
      expect(created.summary).toMatchObject({ name: 'Ash Wolves', playerName: 'Ana Łukasiewicz', valid: false, points: 0 });

      // a draft with a rule broken is saved as it is
      const draft = { ...created.roster, formations: [formation('core', 2, 'Too Few')] };
      const savedDraft = await api.call('rosters.save', { roster: draft });
      expect(savedDraft.validation.violations.map((v) => v.code)).toContain('CORE_SIZE');
      expect((await api.call('rosters.get', { id: created.roster.id })).roster.formations[0]!.name).toBe('Too Few');

      const saved = await api.call('rosters.save', { roster: legal(created.roster) });
      expect(saved.validation.valid).toBe(true);
      expect(saved.summary.valid).toBe(true);
      expect(saved.summary.points).toBe(40 + 80 + 60);
    }));

  it('lists and searches, renames, duplicates with formation ids kept, deletes and restores', () =>
    withRosterLedger(dialect, async ({ api, versionId }) => {
      const a = await api.call('rosters.create', { name: 'Ash Wolves', playerId: 'p-ana', factionId: 'penitent-concord', rulesetVersionId: versionId });
      await api.call('rosters.save', { roster: legal(a.roster) });
      await api.call('rosters.create', { name: 'Iron Crows', playerId: 'p-bo', factionId: 'crowned-marches', rulesetVersionId: versionId });
      expect((await api.call('rosters.list', { search: 'wolv' })).map((r) => r.name)).toEqual(['Ash Wolves']);
      expect((await api.call('rosters.list', { search: 'łukasiewicz' })).map((r) => r.name)).toEqual(['Ash Wolves']);
      expect((await api.call('rosters.list', { playerId: 'p-bo' })).map((r) => r.name)).toEqual(['Iron Crows']);

      expect((await api.call('rosters.rename', { id: a.roster.id, name: 'Grey Wolves' })).name).toBe('Grey Wolves');
      const copy = await api.call('rosters.duplicate', { id: a.roster.id });
      expect(copy.roster.name).toBe('Grey Wolves (copy)');
      expect(copy.roster.id).not.toBe(a.roster.id);
      const original = await api.call('rosters.get', { id: a.roster.id });
      expect(copy.roster.formations.map((f) => f.id)).toEqual(original.roster.formations.map((f) => f.id));

      await api.call('rosters.delete', { id: a.roster.id });
      expect((await api.call('rosters.list', {})).map((r) => r.name).sort()).toEqual(['Grey Wolves (copy)', 'Iron Crows']);
      await expectError(api.call('rosters.get', { id: a.roster.id }), 'NOT_FOUND');
      const back = await api.call('rosters.restore', { id: a.roster.id });
      expect(back.deletedAt).toBeNull();
      expect((await api.call('rosters.list', {})).length).toBe(3);
    }));

  it('a save over a roster saved elsewhere since it was opened is refused and changes nothing; of two saves over one version, one is written', () =>
    withRosterLedger(dialect, async ({ api, backend, versionId }) => {
      const made = await api.call('rosters.create', { name: 'Shared', playerId: 'p-ana', factionId: 'penitent-concord', rulesetVersionId: versionId });
      const opened = made.summary.updatedAt;
      // one organiser saves over the version both opened; the other's save over that version is refused
      const theirs = await api.call('rosters.save', { roster: { ...made.roster, name: 'Theirs' }, baseUpdatedAt: opened });
      expect(theirs.summary.updatedAt > opened).toBe(true);
      const before = await dumpLedger(backend);
      const e = await expectError(api.call('rosters.save', { roster: { ...made.roster, notes: 'mine' }, baseUpdatedAt: opened }), 'CONFLICT');
      expect(e.path).toEqual(['roster']);
      expect(e.message).toMatch(/“Theirs” was saved elsewhere after you opened it/);
      expect(await dumpLedger(backend)).toEqual(before);

      // over the version it last saw a save goes through, straight after the one before it too; without a base (the CLI,
      // imports) a save replaces what is stored, as before
      const next = await api.call('rosters.save', { roster: { ...theirs.roster, notes: 'one' }, baseUpdatedAt: theirs.summary.updatedAt });
      const again = await api.call('rosters.save', { roster: { ...next.roster, notes: 'two' }, baseUpdatedAt: next.summary.updatedAt });
      expect(again.summary.updatedAt > next.summary.updatedAt).toBe(true);
      await api.call('rosters.save', { roster: { ...again.roster, notes: 'no base' } });

      // two saves over one version at once (on PostgreSQL, two transactions side by side): exactly one is written
      const at = (await api.call('rosters.get', { id: made.roster.id })).summary.updatedAt;
      const both = await Promise.allSettled(
        ['left', 'right'].map((notes) => api.call('rosters.save', { roster: { ...again.roster, notes }, baseUpdatedAt: at })),
      );
      const written = both.flatMap((r) => (r.status === 'fulfilled' ? [r.value.roster.notes] : []));
      expect(written).toHaveLength(1);
      expect(both.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code: string }).code] : []))).toEqual(['CONFLICT']);
      expect((await api.call('rosters.get', { id: made.roster.id })).roster.notes).toBe(written[0]);
    }));

  it('refuses a roster for an unknown player or a campaign the player is not in; its sheet, single or batch, carries the campaign record', () =>
    withRosterLedger(dialect, async (t) => {
      const { api, db, versionId } = t;
      const e = await expectError(
        api.call('rosters.create', { name: 'X', playerId: 'nobody', factionId: 'penitent-concord', rulesetVersionId: versionId }),
        'NOT_FOUND',
      );
      expect(e.path).toEqual(['playerId']);
      await seedPlayer(db, 'p-cy', 'Cy');
      const campaign = await api.call('campaigns.create', {
        rulesetVersionId: versionId,
        seats: [
          { playerId: 'p-ana', factionId: 'penitent-concord' },
          { playerId: 'p-bo', factionId: 'crowned-marches' },
        ],
      });
      const e2 = await expectError(
        api.call('rosters.create', { name: 'X', playerId: 'p-cy', factionId: 'penitent-concord', campaignId: campaign.id }),
        'RULE_VIOLATION',
      );
      expect(e2.path).toEqual(['campaignId']);
      const ok = await api.call('rosters.create', { name: 'Campaign band', playerId: 'p-ana', factionId: 'penitent-concord', campaignId: campaign.id });
      expect(ok.roster.mode).toBe('campaign');
      expect(ok.roster.rulesetVersionId).toBe(versionId); // the campaign's pinned pack
      expect(ok.allowance).toBe(400); // [000 §13] Mission 1 starts at 400, from the ledger
      expect(ok.allowanceSource).toBe('campaign allowance');
      // the army sheet carries the campaign and its record
      const r = legal(ok.roster);
      await api.call('rosters.save', { roster: r });
      const text = pdfText(Buffer.from((await api.call('print.rosterPdf', { id: r.id })).base64, 'base64'));
      expect(text).toMatch(/Mission 1/);
      expect(text).toMatch(/Campaign record/);
      expect(text).toMatch(/Cryptid Dice held: 0/);
      expect(text).not.toMatch(/Veteran Sixes \d/); // no marks yet
      // three service marks on the first squad, from the ledger: Rank II, two Veteran Sixes (test pack ranks, DIGEST AMB-25).
      // The first mark is written as a finished mission writes it; the Journal's correction adds two more.
      const f0 = r.formations[0]!;
      await appendEvent(db, { campaignId: campaign.id, kind: 'mission-finished', mission: 1, summary: 'Test: Mission 1' }, [
        { playerId: 'p-ana', mission: 1, kind: 'service-mark', amount: 1, item: { formationId: f0.id, formationName: f0.name }, reason: 'survived' },
      ]);
      await api.call('ledger.correctItem', {
        campaignId: campaign.id,
        playerId: 'p-ana',
        change: { kind: 'service-mark', formationId: r.formations[0]!.id, amount: 2 },
        reason: 'Test: marks',
      });
      const withMarks = pdfText(Buffer.from((await api.call('print.rosterPdf', { id: r.id })).base64, 'base64')).replace(/\s+/g, ' ');
      expect(withMarks).toContain('Service marks 3 · Rank II · Veteran Sixes 2');
      expect(withMarks).toMatch(/Ashen Line 3 II 2 —/); // the Campaign record table row

      // a batch prints the same sheet, campaign record included (one assembler for both), as one PDF and as a file per roster
      for (const output of ['single', 'per-roster'] as const) {
        const outDir = tempDir();
        const { jobId } = await startRosterBatch(t.backend.ctx, { scope: { kind: 'campaigns', campaignIds: [campaign.id] }, output, outDir });
        const done = await waitForJob(t.backend.ctx, jobId);
        expect(done.error ?? done.state).toBe('done');
        const batchText = pdfText(readFileSync(done.outputs[0]!)).replace(/\s+/g, ' ');
        expect(batchText, output).toContain('Service marks 3 · Rank II · Veteran Sixes 2');
        expect(batchText, output).toMatch(/Ashen Line 3 II 2 —/);
        expect(batchText, output).toMatch(/Cryptid Dice held: 0/);
      }
    }));

  it('a roster file carrying its pack digest is imported onto that very pack, not the newest version of its pack id [issue 40]', () =>
    withRosterLedger(dialect, async ({ api, backend, versionId }) => {
      const a = await api.call('rosters.create', { name: 'Ash Wolves', playerId: 'p-ana', factionId: 'penitent-concord', rulesetVersionId: versionId });
      const file = JSON.parse((await api.call('rosters.export', { id: a.roster.id })).text);
      expect(file.ruleset.digest).toMatch(/^[0-9a-f]{64}$/);
      // a later version of the same pack id, with other content
      const later = structuredClone(TEST_PACK);
      later.units[0]!.cost += 1;
      const newer = await seedPackVersion(backend.ctx.db, later, { version: 2, name: 'Later prices' });
      expect(newer).not.toBe(versionId);
      expect((await api.call('rosters.import', { text: JSON.stringify(file), playerId: 'p-bo' })).roster.rulesetVersionId).toBe(versionId);
      // a file written before files carried the digest: the newest version of its pack id, as before
      delete file.ruleset.digest;
      expect((await api.call('rosters.import', { text: JSON.stringify(file), playerId: 'p-bo' })).roster.rulesetVersionId).toBe(newer);
    }));

  it('exports and imports a roster; an invalid file lists every problem with its path and changes nothing', () =>
    withRosterLedger(dialect, async ({ api, backend, versionId }) => {
      const a = await api.call('rosters.create', { name: 'Ash Wolves', playerId: 'p-ana', factionId: 'penitent-concord', rulesetVersionId: versionId });
      await api.call('rosters.save', { roster: legal(a.roster) });
      const { text, fileName } = await api.call('rosters.export', { id: a.roster.id });
      expect(fileName).toBe('Ash-Wolves.aoa-roster.json');
      const file = JSON.parse(text);
      expect(file).toMatchObject({ format: 'age-of-ash-roster', version: 1, playerName: 'Ana Łukasiewicz' });

      const before = await dumpLedger(backend);
      const broken = structuredClone(file);
      broken.roster.formations[0].slot = 'cavalry';
      broken.roster.officers[1].unitId = 'Not An Id';
      delete broken.roster.name;
      const e = await expectError(api.call('rosters.import', { text: JSON.stringify(broken), playerId: 'p-bo' }), 'VALIDATION');
      const paths = e.issues!.map((i) => i.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['roster.formations.0.slot', 'roster.officers.1.unitId', 'roster.name']));
      const e2 = await expectError(api.call('rosters.import', { text: '{"format": "age-of-ash-roster",', playerId: 'p-bo' }), 'VALIDATION');
      expect(e2.message).toMatch(/not readable JSON/);
      expect(await dumpLedger(backend)).toEqual(before);

      const imported = await api.call('rosters.import', { text, playerId: 'p-bo' });
      expect(imported.roster.id).not.toBe(a.roster.id); // the id was taken, so the copy gets a new one
      expect(imported.roster.playerId).toBe('p-bo');
      expect(imported.roster.formations).toEqual((await api.call('rosters.get', { id: a.roster.id })).roster.formations);
      expect(imported.validation.valid).toBe(true);

      // a file past a formation type's limit (which the Builder's Add controls no longer reach) arrives as a draft,
      // flagged by the count rule on each formation beyond it [000 §2 step 3]
      const over = structuredClone(file);
      over.roster.formations.push(formation('elite', 2, 'Elite A'), formation('elite', 2, 'Elite B'), formation('elite', 2, 'Elite C'));
      const overLimit = await api.call('rosters.import', { text: JSON.stringify(over), playerId: 'p-bo' });
      expect(overLimit.validation.valid).toBe(false);
      expect(overLimit.validation.violations.filter((v) => v.code === 'ELITE_COUNT_MAX').length).toBeGreaterThan(0);
    }));

  it("imports a file as a player's army in their campaign; a file of another faction is refused at the campaign field", () =>
    withRosterLedger(dialect, async ({ api, backend, versionId }) => {
      const campaign = await api.call('campaigns.create', {
        name: 'Ashford',
        rulesetVersionId: versionId,
        seats: [
          { playerId: 'p-ana', factionId: 'penitent-concord' },
          { playerId: 'p-bo', factionId: 'crowned-marches' },
        ],
      });
      const a = await api.call('rosters.create', { name: 'Ash Wolves', playerId: 'p-ana', factionId: 'penitent-concord', rulesetVersionId: versionId });
      await api.call('rosters.save', { roster: legal(a.roster) });
      const { text } = await api.call('rosters.export', { id: a.roster.id });

      const before = await dumpLedger(backend);
      const e = await expectError(api.call('rosters.import', { text, playerId: 'p-bo', campaignId: campaign.id }), 'RULE_VIOLATION');
      expect(e.path).toEqual(['campaignId']);
      expect(e.message).toMatch(/roster is The Penitent Concord, but in this campaign the player fields The Crowned Marches/);
      expect(await dumpLedger(backend)).toEqual(before);

      const imported = await api.call('rosters.import', { text, playerId: 'p-ana', campaignId: campaign.id });
      expect(imported.roster).toMatchObject({ mode: 'campaign', campaignId: campaign.id, playerId: 'p-ana' });
      expect(imported.allowance).toBe(400); // [000 §13] the campaign's Mission 1 allowance, not the standalone 500
      expect(imported.summary).toMatchObject({ campaignName: 'Ashford', factionName: 'The Penitent Concord' });
      // lists carry the faction's name, and searching finds it
      expect((await api.call('rosters.list', { search: 'crowned' })).length).toBe(0);
      expect((await api.call('rosters.list', { search: 'penitent' })).map((r) => r.factionName)).toEqual(['The Penitent Concord', 'The Penitent Concord']);
    }));

  it('prints a legal roster; refuses an invalid one as final and prints it as a marked draft', () =>
    withRosterLedger(dialect, async ({ api, versionId }) => {
      const a = await api.call('rosters.create', { name: 'Ash Wolves', playerId: 'p-ana', factionId: 'penitent-concord', rulesetVersionId: versionId });
      const e = await expectError(api.call('print.rosterPdf', { id: a.roster.id }), 'RULE_VIOLATION');
      expect(e.message).toMatch(/CAPTAIN_COUNT/);
      const draft = await api.call('print.rosterPdf', { id: a.roster.id, draft: true });
      expect(pdfText(Buffer.from(draft.base64, 'base64'))).toMatch(/DRAFT: not a legal army sheet/);

      const r = legal(a.roster);
      r.officers[0]!.postedTo = r.formations[0]!.id;
      r.officers[0]!.name = 'Deacon Ivo';
      await api.call('rosters.save', { roster: r });
      const out = await api.call('print.rosterPdf', { id: a.roster.id });
      expect(out.fileName).toBe('Ash-Wolves.pdf');
      expect(out.pages).toBeGreaterThanOrEqual(1);
      const text = pdfText(Buffer.from(out.base64, 'base64'));
      expect(text).toMatch(/Ash Wolves/);
      expect(text).toMatch(/Ana Łukasiewicz/);
      expect(text).toMatch(/Posted to Ashen Line/);
      expect(text).toMatch(/Officer posted: Deacon Ivo/);
      expect(text).toMatch(/180 pts/);
      expect(text).not.toMatch(/DRAFT/);
    }));
});

import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../src-main/backend/db/schema';
import { defaultRulesetVersionId } from '../../src-main/backend/db/tables/rosters.table';
import { assertRosterPlayable } from '../../src-main/backend/rosters/allowance';
import { BUNDLED_PACK_ID } from '../../src-shared/ruleset/bundled';
import type { Roster } from '../../src-shared/roster/schema';
import { testBackend } from '../helpers/backend';
import { seedPackVersion, seedPlayer, seedTestPack } from '../helpers/roster-seed';
import { expectError } from '../helpers/expect-error';
import { useTempDirs } from '../helpers/tmp';
import { COST, formation, maximalRoster, TEST_PACK } from '../fixtures/roster-pack';

const tempDir = useTempDirs();

/** The roster test pack again as its next version, with the house option pinned on (DIGEST AMB-22). */
async function seedMatchLowerPack(db: Kysely<Database>): Promise<number> {
  const pack = { ...TEST_PACK, options: { ...TEST_PACK.options, matchLowerAllowance: true } };
  return seedPackVersion(db, pack, { version: 2, name: `${TEST_PACK.meta.name} (match lower allowance)` });
}

/**
 * Captain 40 + four Officers 80 + two Core squads of 5 (100) + two Heavies
 * (180) + one patrol of 3 Skirmishers (45) = 445 test points: over the
 * Mission 1 allowance of 400, within 460.
 */
function army445(r: Roster): Roster {
  const m = maximalRoster();
  const out = {
    ...r,
    captain: m.captain,
    officers: m.officers.map((o) => ({ ...o, postedTo: null })),
    formations: [formation('core', 5), formation('core', 5), formation('heavy', 1), formation('heavy', 1), formation('skirmisher', 3)],
  };
  expect(COST.captain + 4 * COST.officer + 10 * COST.core + 2 * COST.heavy + 3 * COST.skirmisher).toBe(445);
  return out;
}

/** A campaign between Ana and Bo on a ruleset version; Ana's allowance corrected +60 so the two differ (as from Mission 2, [000 §13]). */
async function campaignWithUnequalAllowances(api: Awaited<ReturnType<typeof testBackend>>['api'], rulesetVersionId: number) {
  const c = await api.call('campaigns.create', {
    name: 'Unequal',
    rulesetVersionId,
    seats: [
      { playerId: 'p-ana', factionId: 'penitent-concord' },
      { playerId: 'p-bo', factionId: 'penitent-concord' },
    ],
  });
  await api.call('ledger.correct', { campaignId: c.id, playerId: 'p-ana', amount: 60, reason: 'Test: Mission 1 rewards' });
  const ana = await api.call('rosters.create', { name: 'Ana band', playerId: 'p-ana', factionId: 'penitent-concord', campaignId: c.id });
  const bo = await api.call('rosters.create', { name: 'Bo band', playerId: 'p-bo', factionId: 'penitent-concord', campaignId: c.id });
  return { campaignId: c.id, ana: ana.roster, bo: bo.roster };
}

async function setup() {
  const t = await testBackend(tempDir());
  const db = t.backend.ctx.db;
  await seedPlayer(db, 'p-ana', 'Ana');
  await seedPlayer(db, 'p-bo', 'Bo');
  return { ...t, db };
}

describe('allowances of campaign rosters (DIGEST AMB-22)', () => {
  it('by default each roster is checked against its own allowance, the other shown beside it', async () => {
    const { api, close, db } = await setup();
    try {
      const { ana, bo } = await campaignWithUnequalAllowances(api, await seedTestPack(db));
      const saved = await api.call('rosters.save', { roster: army445(ana) });
      // unequal armies are legal: 445 within Ana's own 460
      expect(saved.allowance).toBe(460);
      expect(saved.allowanceSource).toBe('campaign allowance');
      expect(saved.allowances).toEqual({ own: 460, opponent: { playerId: 'p-bo', playerName: 'Bo', allowance: 400 }, matchLower: false });
      expect(saved.validation.valid).toBe(true);
      const boDetail = await api.call('rosters.get', { id: bo.id });
      expect(boDetail.allowance).toBe(400);
      expect(boDetail.allowances.opponent).toEqual({ playerId: 'p-ana', playerName: 'Ana', allowance: 460 });
      await expect(assertRosterPlayable(db, ana.id)).resolves.toMatchObject({ valid: true, points: { spent: 445, allowance: 460, left: 15 } });
    } finally {
      await close();
    }
  });

  it('with "match lower allowance" pinned, both rosters are held to the lower allowance: saving, printing and playing agree', async () => {
    const { api, close, db } = await setup();
    try {
      await seedTestPack(db);
      const { ana, bo } = await campaignWithUnequalAllowances(api, await seedMatchLowerPack(db));
      const saved = await api.call('rosters.save', { roster: army445(ana) }); // a draft may be saved while invalid
      expect(saved.allowance).toBe(400);
      expect(saved.allowanceSource).toMatch(/lower of the two campaign allowances/);
      expect(saved.allowances).toEqual({ own: 460, opponent: { playerId: 'p-bo', playerName: 'Bo', allowance: 400 }, matchLower: true });
      expect(saved.validation.violations.map((v) => v.code)).toEqual(['POINTS_OVER_LIMIT']); // [000 §2 step 6] 445 > 400
      expect(saved.summary.valid).toBe(false);
      expect((await api.call('rosters.validate', { id: ana.id })).points).toEqual({ spent: 445, allowance: 400, left: -45 });

      // the lower player keeps their own figure
      const boDetail = await api.call('rosters.get', { id: bo.id });
      expect(boDetail.allowance).toBe(400);
      expect(boDetail.allowances).toMatchObject({ own: 400, matchLower: true });

      // not printable as final, not playable
      const printErr = await expectError(api.call('print.rosterPdf', { id: ana.id }), 'RULE_VIOLATION');
      expect(printErr.message).toMatch(/POINTS_OVER_LIMIT/);
      const playErr = await expectError(assertRosterPlayable(db, ana.id, ['rosterIds', 0]), 'RULE_VIOLATION');
      expect(playErr.path).toEqual(['rosterIds', 0]);
      expect(playErr.message).toMatch(/Ana band/);

      // 45 points fewer (drop the patrol) and it is legal under the lower allowance
      const trimmed = { ...saved.roster, formations: saved.roster.formations.filter((f) => f.slot !== 'skirmisher') };
      const ok = await api.call('rosters.save', { roster: trimmed });
      expect(ok.validation.points).toEqual({ spent: 400, allowance: 400, left: 0 });
      expect(ok.validation.valid).toBe(true);
      await expect(assertRosterPlayable(db, ana.id)).resolves.toMatchObject({ valid: true });
    } finally {
      await close();
    }
  });
});

describe('a draft cannot be played', () => {
  it('assertRosterPlayable refuses a draft, a deleted and an unknown roster, each with the path it is given', async () => {
    const { api, close, db } = await setup();
    try {
      const versionId = await seedTestPack(db);
      const r = await api.call('rosters.create', { name: 'Half built', playerId: 'p-ana', factionId: 'penitent-concord', rulesetVersionId: versionId });
      const e = await expectError(assertRosterPlayable(db, r.roster.id, ['rosterIds', 1]), 'RULE_VIOLATION');
      expect(e.message).toMatch(/breaks 3 recruitment rules/); // no Captain, no Officers, no Core [000 §2 steps 1–2]
      expect(e.path).toEqual(['rosterIds', 1]);
      await api.call('rosters.delete', { id: r.roster.id });
      expect((await expectError(assertRosterPlayable(db, r.roster.id, ['rosterIds', 1]), 'NOT_FOUND')).path).toEqual(['rosterIds', 1]);
      await expectError(assertRosterPlayable(db, 'no-such-roster'), 'NOT_FOUND');
    } finally {
      await close();
    }
  });

  it('battles.start refuses a campaign battle while one army is a draft', async () => {
    const { api, close, db } = await setup();
    try {
      const { campaignId, ana, bo } = await campaignWithUnequalAllowances(api, await seedTestPack(db));
      await api.call('rosters.save', { roster: army445(ana) }); // legal: within Ana's 460
      const e = await expectError(api.call('battles.start', { mode: 'campaign', campaignId, rosterIds: [ana.id, bo.id] }), 'RULE_VIOLATION');
      expect(e.message).toMatch(/Bo band is not a legal army yet/);
      expect(e.path).toEqual(['rosterIds', 1]);
    } finally {
      await close();
    }
  });

  it('battles.start holds a campaign army to the lower allowance when the campaign pinned "match lower allowance" [DIGEST AMB-22]', async () => {
    const { api, close, db } = await setup();
    try {
      await seedTestPack(db);
      const { campaignId, ana, bo } = await campaignWithUnequalAllowances(api, await seedMatchLowerPack(db));
      await api.call('rosters.save', { roster: army445(ana) }); // within Ana's own 460, over the lower 400
      await api.call('rosters.save', { roster: { ...army445(bo), formations: army445(bo).formations.filter((f) => f.slot !== 'skirmisher') } });
      const e = await expectError(api.call('battles.start', { mode: 'campaign', campaignId, rosterIds: [ana.id, bo.id] }), 'RULE_VIOLATION');
      expect(e.message).toMatch(/Ana band is not a legal army yet/);
      expect(e.path).toEqual(['rosterIds', 0]);
    } finally {
      await close();
    }
  });
});

describe('the default ruleset of standalone rosters', () => {
  it('is the newest version of the default pack, even after a foreign pack was imported', async () => {
    const { api, close, db } = await setup();
    try {
      const bundled = await db
        .selectFrom('ruleset_versions')
        .select(['id'])
        .where('pack_id', '=', BUNDLED_PACK_ID)
        .orderBy('version', 'desc')
        .executeTakeFirstOrThrow();
      const foreign = await seedTestPack(db); // stored later, so it has the highest id of all
      expect(foreign).toBeGreaterThan(bundled.id);
      expect(await defaultRulesetVersionId(db)).toBe(bundled.id);
      expect((await api.call('rosters.factions', {})).rulesetVersionId).toBe(bundled.id);
      const made = await api.call('rosters.create', { name: 'Plain', playerId: 'p-ana', factionId: 'scattered' });
      expect(made.roster.rulesetVersionId).toBe(bundled.id);
      expect(made.pack.meta.id).toBe(BUNDLED_PACK_ID);

      // an imported roster file keeps the pack it was built with when this ledger has that pack …
      const testRoster = await api.call('rosters.create', {
        name: 'Test pack band',
        playerId: 'p-ana',
        factionId: 'penitent-concord',
        rulesetVersionId: foreign,
      });
      const file = await api.call('rosters.export', { id: testRoster.roster.id });
      expect((await api.call('rosters.import', { text: file.text, playerId: 'p-bo' })).roster.rulesetVersionId).toBe(foreign);
      // … and falls back to the default pack when it does not
      const other = JSON.parse(file.text);
      other.ruleset.packId = 'a-pack-this-ledger-never-saw';
      other.ruleset.digest = 'f'.repeat(64); // that pack's content, which this ledger does not hold either
      other.roster.factionId = 'scattered';
      other.roster.captain = null;
      other.roster.officers = [];
      expect((await api.call('rosters.import', { text: JSON.stringify(other), playerId: 'p-bo' })).roster.rulesetVersionId).toBe(bundled.id);
    } finally {
      await close();
    }
  });

  it('stores the bundled pack when a ledger holds only foreign packs', async () => {
    const { close, db } = await setup();
    try {
      await db.deleteFrom('ruleset_versions').where('pack_id', '=', BUNDLED_PACK_ID).execute();
      await seedTestPack(db);
      const id = await defaultRulesetVersionId(db);
      const row = await db.selectFrom('ruleset_versions').select(['pack_id', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ pack_id: BUNDLED_PACK_ID, version: 1 });
    } finally {
      await close();
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rosterFileSchema, rosterSchema, type Roster } from '../../src-shared/roster/schema';
import { legalOfficerHosts, rosterViolations } from '../../src-shared/roster/validate';
import { formation, maximalRoster, minimalRoster, TEST_PACK } from '../fixtures/roster-pack';

/** A random roster: any number of formations of any slot and size, random postings and loadouts. */
const arbRoster = fc
  .record({
    captain: fc.boolean(),
    officers: fc.integer({ min: 0, max: 6 }),
    formations: fc.array(
      fc.record({
        slot: fc.constantFrom('core' as const, 'elite' as const, 'skirmisher' as const, 'heavy' as const),
        size: fc.integer({ min: 0, max: 7 }),
        snipers: fc.integer({ min: 0, max: 3 }),
        reserve: fc.boolean(),
      }),
      { maxLength: 12 },
    ),
    posts: fc.array(fc.integer({ min: -1, max: 11 }), { minLength: 6, maxLength: 6 }),
  })
  .map(({ captain, officers, formations, posts }) => {
    const r = minimalRoster();
    if (!captain) r.captain = null;
    r.officers = Array.from({ length: officers }, (_, i) => ({ id: `o${i}`, name: '', unitId: 'pc-officer', loadoutId: null, equipment: [], postedTo: null }));
    r.formations = formations.map((f) => {
      const x = formation(f.slot, f.size);
      if (f.slot === 'skirmisher') x.fighters.slice(0, f.snipers).forEach((y) => (y.loadoutId = 'deadshot-sniper'));
      x.inReserve = f.reserve;
      return x;
    });
    r.officers.forEach((o, i) => {
      const p = posts[i]!;
      o.postedTo = p >= 0 && p < r.formations.length ? r.formations[p]!.id : null;
    });
    return r;
  });

const spent = (r: Roster) => rosterViolations(r, TEST_PACK, { allowance: 10_000 }).points.spent;

describe('validator properties', () => {
  it('adding a Core fighter never lowers the points [000 §2 step 6]', () => {
    fc.assert(
      fc.property(arbRoster, (r) => {
        const core = r.formations.find((f) => f.slot === 'core');
        fc.pre(core !== undefined);
        const before = spent(r);
        core!.fighters.push({ id: 'extra', name: '', loadoutId: null, equipment: [] });
        expect(spent(r)).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('valid exactly when there are no violations, and left = allowance − spent', () => {
    fc.assert(
      fc.property(arbRoster, fc.integer({ min: 0, max: 2000 }), (r, allowance) => {
        const res = rosterViolations(r, TEST_PACK, { allowance });
        expect(res.valid).toBe(res.violations.length === 0);
        expect(res.points.left).toBe(allowance - res.points.spent);
        expect(res.violations.some((v) => v.code === 'POINTS_OVER_LIMIT')).toBe(res.points.spent > allowance);
      }),
    );
  });

  it('every formation id a violation names is in the roster', () => {
    fc.assert(
      fc.property(arbRoster, (r) => {
        const ids = new Set(r.formations.map((f) => f.id));
        for (const v of rosterViolations(r, TEST_PACK, { allowance: 0 }).violations) if (v.formationId) expect(ids.has(v.formationId)).toBe(true);
      }),
    );
  });

  it('posting an Officer to a host legalOfficerHosts offers never causes a posting violation [000 §6]', () => {
    fc.assert(
      fc.property(arbRoster, fc.nat(), (r, pick) => {
        const o = r.officers[0];
        fc.pre(o !== undefined);
        const hosts = legalOfficerHosts(r, TEST_PACK, o!.id);
        fc.pre(hosts.length > 0);
        o!.postedTo = hosts[pick % hosts.length]!.formationId;
        const posting = rosterViolations(r, TEST_PACK, { allowance: 10_000 }).violations.filter(
          (v) => v.path[0] === 'officers' && v.path[1] === 0 && v.code.startsWith('OFFICER_POST'),
        );
        expect(posting).toEqual([]);
      }),
    );
  });
});

describe('roster schema and file format', () => {
  it('round-trips a roster through the file format', () => {
    const r = maximalRoster();
    const file = { format: 'age-of-ash-roster', version: 1, exportedAt: '2026-11-30T10:00:00Z', ruleset: null, playerName: 'Ana', roster: r };
    const parsed = rosterFileSchema.parse(JSON.parse(JSON.stringify(file)));
    expect(parsed.roster).toEqual(r);
  });

  it('refuses a roster whose ids repeat, naming the path', () => {
    const r = minimalRoster();
    r.formations[1]!.id = r.formations[0]!.id;
    const res = rosterSchema.safeParse(r);
    expect(res.success).toBe(false);
    expect(res.error!.issues[0]!.path).toEqual(['formations', 1, 'id']);
  });

  it('refuses a campaign roster without a campaign', () => {
    const res = rosterSchema.safeParse(minimalRoster({ mode: 'campaign', campaignId: null }));
    expect(res.success).toBe(false);
    expect(res.error!.issues[0]!.path).toEqual(['campaignId']);
  });

  it('refuses a file of another format or version with a clear message', () => {
    const bad = rosterFileSchema.safeParse({ format: 'something-else', version: 2, exportedAt: '', roster: minimalRoster() });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toContain('format: not a roster file (expected format "age-of-ash-roster")');
    expect(messages.some((m) => m.startsWith('version: unsupported roster file version'))).toBe(true);
  });
});

import fc from 'fast-check';
import { generateBattles, type PlaytestBattle, type ReportFilter } from '../../src-shared/reports';

const FACTIONS = ['ash', 'Bone', 'cinder', 'dusk'];

/** Generated battles bent into the corners the schema allows, so the SQL has to agree on more than the generator's shapes. */
export function awkwardBattles(): PlaytestBattle[] {
  return generateBattles({ count: 240, seed: 9, factions: FACTIONS, campaigns: 7 }).map((b, i) => {
    const x: PlaytestBattle = structuredClone(b);
    if (i % 7 === 0) x.id = `B-${i}`; // upper case sorts before lower case
    if (i % 11 === 0) x.playedAt = b.playedAt.slice(0, 10); // a date without a time
    if (i % 13 === 0) x.playedAt = new Date(Date.parse('2026-01-05T19:00:00Z') + (i % 3) * 3_600_000).toISOString(); // same times, ids decide
    if (i % 9 === 0) x.roundSeconds = [];
    if (i % 10 === 1) x.roundSeconds = x.roundSeconds.slice(0, 3).map((s) => s + 0.5);
    if (i % 8 === 0) x.campaignId = null;
    if (i % 12 === 0) x.mission = null;
    if (i % 6 === 0) x.sides[1].factionId = x.sides[0].factionId; // a mirror match
    if (i % 5 === 0) x.sides[0].wounds = [...x.sides[0].wounds.slice(0, 2), { unitType: 'core', ranged: 0, melee: 0 }];
    if (i % 4 === 0) x.sides[1].wounds = [];
    if (i % 3 === 0) x.sides[0].orders = { ...x.sides[0].orders, unused: 0 };
    if (i % 14 === 0) x.sides[1].uncloakRounds = [3, 3, 2];
    if (i % 15 === 0) x.sides[0].formations = [];
    if (x.cryptid && i % 4 === 1) x.cryptid = { ...x.cryptid, woundsDealt: null };
    if (i % 17 === 0) x.storm = { round: 3, woundsDealt: 2 };
    if (i % 16 === 3) x.rulings = [...x.rulings, 'latchRout=true', 'latchRout=true']; // a ruling named twice counts once
    // the players' ratings (migration 0016): some sides rate fun, clarity or name a rule, some all three, some nothing
    if (i % 3 === 0) x.sides[0].ratings = { fun: 1 + (i % 5), clarity: i % 4 === 0 ? null : 1 + (i % 4), confusingRule: i % 6 === 0 ? `Rule ${i % 4}` : null };
    if (i % 5 === 2) x.sides[1].ratings = { fun: null, clarity: 1 + (i % 5), confusingRule: `Rule ${i % 3}` };
    if (i % 7 === 3) x.sides[1].ratings = { fun: null, clarity: null, confusingRule: null }; // rated nothing: no rating
    if (i % 2 === 0)
      x.disputes = [
        { ruleRef: `R-${i % 3}`, note: i % 6 === 0 ? '' : `note ${i % 23}`, round: null },
        { ruleRef: `R-${i % 3}`, note: `note ${i % 19}`, round: 1 },
      ];
    return x;
  });
}

export const reportFilterArb: fc.Arbitrary<ReportFilter> = fc.record(
  {
    campaignIds: fc.uniqueArray(fc.constantFrom('c-001', 'c-002', 'c-003', 'c-005', 'c-404'), { maxLength: 3 }),
    from: fc.constantFrom('2026-01-05', '2026-02-01', '2026-03-10', '2027-01-01'),
    to: fc.constantFrom('2026-01-05', '2026-02-20', '2026-04-01'),
    factionIds: fc.uniqueArray(fc.constantFrom(...FACTIONS, 'nobody'), { maxLength: 2 }),
    missions: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

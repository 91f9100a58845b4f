import type { PlaytestReport } from '../src-shared/reports/aggregate';
import type { PdfContent } from '../src-main/backend/pdf/types';
import { heading, simpleTable, title } from '../src-main/backend/pdf/pieces';
import { barChartSvg } from '../src-main/backend/pdf/svg-charts';
import type { BuiltDocument } from './crib-sheet';

/**
 * The playtest report for the designer (issue 7, Field Manual §12): results,
 * times, wounds, VP, orders and gambits, events and disputed rulings, with
 * vector charts and an appendix of the battle ids behind every figure.
 */
export interface PlaytestReportInput {
  report: PlaytestReport;
  /** Display names for faction, order, gambit and ability ids. */
  names?: Record<string, string>;
  /** What the report covers, e.g. "Whole club · 2026-01-01 to 2026-03-31". */
  scope: string;
  /** Rule options that differ from the default, already worded (DIGEST product decision 2). */
  optionNotes?: string[];
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const minutes = (s: number) => `${(s / 60).toFixed(1)} min`;

export function buildPlaytestReport({ report: r, names = {}, scope, optionNotes = [] }: PlaytestReportInput): BuiltDocument {
  const n = (id: string) => names[id] ?? id;
  const content: PdfContent[] = [...title('Playtest report', scope)];

  content.push(
    simpleTable(
      ['Games', 'Mean battle time', 'Token bag', 'Alternating module', 'Cryptid battles', 'Storm battles'],
      [[r.games, minutes(r.meanBattleSeconds), r.sequences.bag, r.sequences.alternating, `${r.cryptid.battles} (${pct(r.cryptid.frequency)})`, `${r.storm.battles} (${pct(r.storm.frequency)})`]],
    ),
  );
  if (optionNotes.length) content.push({ text: `Rule options differing from the default: ${optionNotes.join('; ')}.`, style: 'small', margin: [0, 0, 0, 4] });
  if (r.games === 0) {
    content.push({ text: 'No finished battles match this selection.', italics: true });
    return { title: 'Playtest report', provisional: false, body: { content } };
  }

  content.push(heading('Results by faction', 2));
  content.push({
    svg: barChartSvg(
      r.byFaction.map((f) => ({ label: n(f.factionId), values: [f.wins, f.draws, f.losses] })),
      [
        { name: 'Wins', color: '#2f9e44' },
        { name: 'Draws', color: '#868e96' },
        { name: 'Losses', color: '#e03131' },
      ],
      { width: 515, height: 150, yLabel: 'games' },
    ),
    width: 515,
  });
  content.push(simpleTable(['Faction', 'Games', 'Wins', 'Draws', 'Losses', 'Win rate'], r.byFaction.map((f) => [n(f.factionId), f.games, f.wins, f.draws, f.losses, pct(f.winRate)]), ['*', 'auto', 'auto', 'auto', 'auto', 'auto']));

  content.push(heading('Matchups', 2));
  content.push(simpleTable(['Faction A', 'Faction B', 'Games', 'A wins', 'B wins', 'Draws'], r.matchups.map((m) => [n(m.factionA), n(m.factionB), m.games, m.winsA, m.winsB, m.draws]), ['*', '*', 'auto', 'auto', 'auto', 'auto']));

  content.push(heading('Time per round', 2));
  content.push({
    svg: barChartSvg(r.roundTimes.map((t) => ({ label: `Round ${t.round}`, values: [t.meanSeconds / 60] })), [{ name: 'Mean minutes', color: '#1971c2' }], {
      width: 515,
      height: 120,
      yLabel: 'minutes',
      format: (v) => v.toFixed(0),
    }),
    width: 515,
  });
  content.push(simpleTable(['Round', 'Mean time', 'Battles timed'], r.roundTimes.map((t) => [t.round, minutes(t.meanSeconds), t.battles])));

  content.push(heading('Wounds dealt, by ranged and melee attacks', 2, { pageBreak: 'before' }));
  content.push({ text: `All battles: ${r.woundTotals.ranged} ranged, ${r.woundTotals.melee} melee.`, margin: [0, 0, 0, 3] });
  content.push(simpleTable(['Faction', 'Unit type', 'Ranged', 'Melee'], r.wounds.map((w) => [n(w.factionId), w.unitType, w.ranged, w.melee]), ['*', 'auto', 'auto', 'auto']));

  content.push(heading('Victory points by source', 2));
  content.push(simpleTable(['Source', 'Total', 'Mean per side'], r.vpBySource.map((v) => [v.source, v.total, v.meanPerSide.toFixed(2)])));

  content.push(heading('Orders, gambits and Captain abilities used', 2));
  content.push(simpleTable(['Kind', 'Name', 'Uses', 'Battles'], r.usage.map((u) => [u.kind, n(u.id), u.uses, u.battles]), ['auto', '*', 'auto', 'auto']));

  content.push(heading('Uncloak timing', 2));
  content.push(r.uncloak.length ? simpleTable(['Round', 'Patrols uncloaked'], r.uncloak.map((u) => [u.round, u.count])) : { text: 'No patrol uncloaked.', italics: true });

  content.push(heading('Cryptids and the storm', 2));
  content.push(
    simpleTable(
      ['Event', 'Battles', 'Share', 'Mean Wounds to fighters', 'Other'],
      [
        ['Cryptid', r.cryptid.battles, pct(r.cryptid.frequency), r.cryptid.meanWoundsDealt.toFixed(2), `took ${r.cryptid.meanWoundsTaken.toFixed(2)} W on average; defeated ${r.cryptid.defeated}×`],
        ['Radiation storm', r.storm.battles, pct(r.storm.frequency), r.storm.meanWoundsDealt.toFixed(2), ''],
      ],
      ['auto', 'auto', 'auto', 'auto', '*'],
    ),
  );

  content.push(heading('Service-mark survival by formation type', 2));
  content.push(simpleTable(['Formation type', 'Formations', 'Survived', 'Rate'], r.serviceMarks.map((m) => [m.unitType, m.formations, m.survived, pct(m.rate)])));

  content.push(heading('Disputed or confusing rulings', 2));
  content.push(
    r.disputes.length
      ? simpleTable(['Rule', 'Times', 'What came up'], r.disputes.map((d) => [d.ruleRef, d.count, d.notes.join('; ')]), ['auto', 'auto', '*'])
      : { text: 'None recorded.', italics: true },
  );

  content.push(heading('Appendix: battles in this report', 2, { pageBreak: 'before' }));
  content.push({
    text: 'Every figure above is computed from these battles (ids as in the app). The battles behind each single figure are in the CSV export and one click away in the app; those behind each ruling follow the list.',
    style: 'small',
    margin: [0, 0, 0, 4],
  });
  // one text run: thousands of ids lay out far faster than thousands of nodes
  content.push({ text: r.battleIds.join('  '), fontSize: 6.5 });
  if (r.disputes.length) {
    content.push(heading('Battles behind each ruling', 3));
    for (const d of r.disputes) content.push({ text: [{ text: `${d.ruleRef}: `, bold: true }, d.battleIds.join(' ')], fontSize: 6.5, margin: [0, 0, 0, 2] });
  }

  return { title: 'Playtest report', provisional: false, body: { content } };
}

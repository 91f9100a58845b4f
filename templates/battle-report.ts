import type { BattleTotals } from '../src-shared/battle/summary';
import type { FinishPreview } from '../src-shared/campaign/finish-plan';
import { ENTRY_LABELS } from '../src-shared/campaign/entries';
import { rulingsSentence, type RuleOptions } from '../src-shared/ruleset/options';
import { VP_SOURCE_NAMES } from '../src-shared/naming';
import type { BattleSetup } from '../src-shared/battle/setup';
import type { BattleState } from '../src-shared/battle/state';
import type { BattleRatings } from '../src-shared/battle/ratings';
import type { PdfContent, PdfNode } from './pdf/types';
import { headed, heading, markIf, PROVISIONAL_MARK, simpleTable, tableOrNone, title } from './pdf/pieces';
import { isolate } from './pdf/script-fonts';
import type { BuiltDocument } from './crib-sheet';

/**
 * The battle report (issue 6): the recorded battle per round and in total,
 * with every formation's wounds and losses and every disputed or confusing
 * ruling, for the players and for the designer's playtest (Field Manual §12).
 */
export interface BattleReportInput {
  battleId: string;
  setup: BattleSetup;
  state: BattleState;
  totals: BattleTotals;
  status: 'in_progress' | 'finished' | 'abandoned';
  result: { A: string; B: string } | null;
  startedAt: string;
  cryptidName: string | null;
  provinceName: string | null;
  /** The province's variant of the mission the battle played, by name, or null: the mission as written. */
  missionVariantName?: string | null;
  /** Which of the values it prints are provisional in the pack (DIGEST decision 1): each is marked where it stands. */
  provisional?: { province?: boolean; cryptid?: boolean; relicVp?: boolean; secondaryVp?: boolean };
  factionNames: [string, string];
  /** What Finish Mission recorded in the campaign for this battle (RP, service marks, ranks), when it did. */
  campaignOutcome?: FinishPreview | null;
  /** The rulings the battle was played under (its campaign's, or the pack's for a standalone game). */
  options?: RuleOptions;
  /** Each trophy's effect as the battle's pack words it (its cryptid's trophy), by trophy id. */
  trophyEffects?: Record<string, string>;
  /** The players' ratings of the battle (fun and clarity 1–5, a rule that confused them; Field Manual §12), by side. */
  ratings?: BattleRatings | null;
}

/** The players' ratings, a row per side that rated; a side that did not is left out. */
function ratingRows(i: BattleReportInput): (string | number)[][] {
  const r = i.ratings;
  if (!r) return [];
  return (['A', 'B'] as const).flatMap((side, k) => {
    const x = r[side];
    if (!x) return [];
    return [[`${side}: ${isolate(i.setup.sides[k]!.playerName)}`, x.fun ?? '—', x.clarity ?? '—', x.confusingRule ? isolate(x.confusingRule) : '—']];
  });
}

/** The trophies of the battle: each claimed from its cryptid (used at once or banked) and each banked one used, with its effect. */
function trophyRows(i: BattleReportInput): (string | number)[][] {
  const effect = (id: string) => i.trophyEffects?.[id] ?? '—';
  return (['A', 'B'] as const).flatMap((side) => {
    const s = i.state.sides[side];
    const formation = (id: string) => isolate(s.formations.find((f) => f.id === id)?.name ?? id);
    return [
      ...s.trophies.map((t) => [
        side,
        t.trophyName,
        `claimed by ${formation(t.formationId)}, ${t.disposition === 'used' ? 'used at once' : 'banked for the campaign'}`,
        effect(t.trophyId),
      ]),
      ...s.bankedTrophiesUsed.map((t) => [side, t.trophyName, 'banked earlier, used in this battle', effect(t.trophyId)]),
    ];
  });
}

/** The campaign ledger's side of a finished mission: each player's RP with its lines, and each formation's mark and rank. */
function campaignOutcomeBlock(f: FinishPreview): PdfContent[] {
  const out: PdfContent[] = [heading(`Campaign outcome: mission ${f.mission}`, 2)];
  for (const p of f.players) {
    const lines = p.lines.map((l) => `${ENTRY_LABELS[l.kind].toLowerCase()} ${l.amount >= 0 ? '+' : ''}${l.amount}`);
    if (p.ceilingCut) lines.push(`ceiling −${p.ceilingCut}`);
    out.push({
      text: [
        { text: `${isolate(p.playerName)} (${p.result}): `, bold: true },
        `requisition points from ${p.allowanceBefore} to ${p.allowanceAfter}`,
        lines.length ? ` (${lines.join(', ')})` : p.noRewardReason ? ` (${p.noRewardReason})` : '',
        '.',
      ],
      margin: [0, 4, 0, 2],
    });
    out.push(
      simpleTable(
        ['Formation', 'Service mark', 'Marks', 'Rank', 'Veteran Sixes', 'Cryptid Dice'],
        p.formations.map((x) => [
          isolate(x.name),
          x.serviceMark ? 'Yes' : 'No',
          `${x.marksBefore} to ${x.marksAfter}`,
          x.rankBefore === x.rankAfter ? (x.rankAfter ?? '—') : `${x.rankBefore ?? 'none'} to ${x.rankAfter ?? 'none'}`,
          x.veteranSixesAfter,
          x.cryptidDice,
        ]),
        ['*', 'auto', 'auto', 'auto', 'auto', 'auto'],
      ),
    );
  }
  out.push({ text: f.campaignFinished ? 'The campaign is complete.' : `Mission ${f.nextMission} is unlocked.`, margin: [0, 4, 0, 0] });
  return out;
}

const pair = (x: { A: number; B: number }) => `${x.A} / ${x.B}`;

/** Under the title: the mode and mission, the date, the status and the activation sequence. */
function subtitle(i: BattleReportInput): string {
  const mode =
    i.setup.mode === 'campaign'
      ? `Campaign mission ${i.setup.mission}`
      : `${i.setup.mode === 'crossover' ? 'Crossover game' : 'Standalone game'}${i.setup.mission ? `, mission ${i.setup.mission}` : ''}`;
  const variant = i.missionVariantName ? ` (${i.missionVariantName}, the province’s variant)` : '';
  const status = i.status === 'finished' ? 'finished' : i.status === 'abandoned' ? 'abandoned (nothing granted)' : 'in progress';
  return `${mode}${variant} · ${i.startedAt.slice(0, 10)} · ${status} · ${i.setup.activation === 'bag' ? 'token bag' : 'alternating activations (non-standard)'}`;
}

/** VP by where they came from (Field Manual §3): objectives always, the other sources where either side scored. */
function vpRows(i: BattleReportInput): (number | PdfNode)[][] {
  const bySource = i.totals.vpBySource;
  return (Object.keys(VP_SOURCE_NAMES) as (keyof typeof VP_SOURCE_NAMES)[])
    .filter((k) => k === 'objectives' || bySource.A[k] !== 0 || bySource.B[k] !== 0)
    .map((k) => [
      markIf(`– ${VP_SOURCE_NAMES[k]}`, (k === 'relic' && !!i.provisional?.relicVp) || (k === 'secondary' && !!i.provisional?.secondaryVp)),
      bySource.A[k],
      bySource.B[k],
    ]);
}

/** The two sides' totals, side by side. */
function totalsTable(i: BattleReportInput): PdfContent {
  const [a, b] = i.setup.sides;
  return simpleTable(
    ['', `A: ${isolate(a.playerName)}`, `B: ${isolate(b.playerName)}`],
    [
      ['Faction', i.factionNames[0], i.factionNames[1]],
      ['Result', i.result?.A ?? '—', i.result?.B ?? '—'],
      ['Victory points', i.totals.vp.A, i.totals.vp.B],
      ...vpRows(i),
      ['Mutants defeated', i.totals.mutantKills.A, i.totals.mutantKills.B],
      ['Wounds dealt, ranged', i.totals.ranged.A, i.totals.ranged.B],
      ['Wounds dealt, melee', i.totals.melee.A, i.totals.melee.B],
      ['Wounds to own side (into an allied melee)', i.totals.friendly.A, i.totals.friendly.B],
      ['Models lost / retreated', `${i.totals.casualties.A} / ${i.totals.retreats.A}`, `${i.totals.casualties.B} / ${i.totals.retreats.B}`],
      ['Cryptid Wounds credited', i.state.cryptid?.credited.A ?? 0, i.state.cryptid?.credited.B ?? 0],
    ],
    [160, 'auto', 'auto'],
  );
}

const mark = (provisional: boolean | undefined) => (provisional ? PROVISIONAL_MARK : '');

function eventSentence({ event }: BattleState): string {
  if (!event.outcome) return 'Round-two event: not reached. ';
  return `Round-two event: ${event.d20 === null ? `${event.outcome} (guaranteed)` : `${event.outcome} (D20 ${event.d20})`}. `;
}

function cryptidSentence(i: BattleReportInput): string {
  if (!i.cryptidName) return '';
  const c = i.state.cryptid!;
  return `Cryptid: ${i.cryptidName}${mark(i.provisional?.cryptid)}, ${c.defeated ? 'defeated' : `${c.remaining} of ${c.startingWounds} Wounds left`}${c.enraged ? ', Enraged' : ''}. `;
}

/** The battle's setting in sentences: province, objectives, rulings, the event, the cryptid and the time. */
function settingParagraph(i: BattleReportInput): PdfContent {
  return {
    text: [
      `Province: ${i.provinceName ?? '—'}${mark(i.provisional?.province)}. Objectives: ${i.state.objectives ?? '—'}. `,
      `Secondary objective: ${i.state.secondaryObjective ?? 'none agreed'}. `,
      ...(i.options ? [`${rulingsSentence(i.options)} `] : []),
      eventSentence(i.state),
      cryptidSentence(i),
      `Battle time: ${i.totals.minutes ?? '—'} min.`,
    ],
    margin: [0, 6, 0, 0],
  };
}

function roundByRound(i: BattleReportInput): PdfContent[] {
  return [
    heading('Round by round', 2),
    simpleTable(
      ['Round', 'Min', 'Orders', 'Abilities', 'Gambits', 'Ranged W A/B', 'Melee W A/B', 'Mutants A/B', 'Lost A/B', 'VP A/B', 'Cryptid', 'Storm', 'Rulings'],
      i.totals.lines.map((l) => [
        l.round,
        l.minutes ?? '—',
        l.orders,
        l.abilities.join(', ') || '—',
        l.gambits,
        pair(l.ranged),
        pair(l.melee),
        pair(l.mutantKills),
        pair(l.casualties),
        pair(l.vp),
        l.cryptid || '—',
        l.storm || '—',
        l.rulings,
      ]),
    ),
  ];
}

function formations(i: BattleReportInput): PdfContent[] {
  return [
    heading('Formations', 2),
    simpleTable(
      ['Side', 'Formation', 'Models', 'Lost', 'Retreated', 'Ranged W', 'Melee W', 'Cryptid W'],
      i.totals.formations.map((f) => [f.side, isolate(f.name), f.startingModels, f.killed, f.retreated, f.ranged, f.melee, f.cryptidWounds]),
    ),
  ];
}

/** Heavy explosions, unit abilities, Captain abilities and Field Gambits, each a table of the rounds they came in. */
function actions(i: BattleReportInput): PdfContent[] {
  return [
    headed(
      'Heavy explosions',
      2,
      tableOrNone(
        ['Round', 'Side', 'Heavy', 'Destroyed by', 'Targets within 3"', 'Wounds dealt'],
        i.totals.explosions.map((e) => [e.round, e.side, isolate(e.name), e.cause, e.targets, e.wounds]),
        'None.',
      ),
    ),
    headed(
      'Unit abilities used',
      2,
      tableOrNone(
        ['Round', 'Side', 'Formation', 'Ability', 'Result'],
        i.totals.abilityUses.map((u) => [u.round, u.side, isolate(u.name), u.ability, u.result]),
        'None.',
      ),
    ),
    headed(
      'Captain abilities',
      2,
      tableOrNone(
        ['Round', 'Side', 'Ability', 'Lasts'],
        i.totals.captainAbilities.map((a) => [a.round, a.side, a.ability, a.lasts]),
        'None declared.',
      ),
    ),
    headed(
      'Field Gambits',
      2,
      tableOrNone(
        ['Round', 'Side', 'Gambit', 'For'],
        i.totals.gambitUses.map((g) => [g.round, g.side, g.gambit, isolate(g.formation)]),
        'None declared.',
      ),
    ),
  ];
}

function objectivesAndUncloak(i: BattleReportInput): PdfContent {
  return headed(
    'Objectives held and Uncloak',
    2,
    i.totals.holding.length || i.totals.uncloaks.length
      ? simpleTable(
          ['Round', 'Side', 'What'],
          [
            ...i.totals.holding.map((h) => [
              h.round,
              h.side,
              `holds objective ${h.objective}${h.formations.length ? ` (${h.formations.map(isolate).join(', ')})` : ''}`,
            ]),
            ...i.totals.uncloaks.map((u) => [u.round, u.side, `${isolate(u.name)} uncloaks: it cannot score this round`]),
          ].sort((x, y) => (x[0] as number) - (y[0] as number)),
          ['auto', 'auto', '*'],
        )
      : { text: 'No objective held; no patrol uncloaked.', italics: true },
  );
}

/** Trophies, Rule of Cool, disputed rulings and the players' ratings. */
function afterwords(i: BattleReportInput): PdfContent[] {
  return [
    headed('Trophies', 2, tableOrNone(['Side', 'Trophy', 'Claimed or used', 'Effect'], trophyRows(i), 'None claimed or used.', ['auto', 'auto', 'auto', '*'])),
    headed(
      'Rule of Cool',
      2,
      tableOrNone(
        ['Round', 'Side', 'Initiator', 'Category', 'Agreed result', 'D20', 'Outcome'],
        i.totals.rulesOfCool.map((r) => [r.round, r.side, isolate(r.initiator), r.category, isolate(r.agreed), r.d20, r.result]),
        'No attempt.',
        ['auto', 'auto', 'auto', 'auto', '*', 'auto', 'auto'],
      ),
    ),
    headed(
      'Disputed or confusing rulings',
      2,
      tableOrNone(
        ['Round', 'Kind', 'Rule', 'What happened'],
        i.totals.rulings.map((r) => [r.round || 'setup', r.ruling, r.ruleRef, isolate(r.text)]),
        'None recorded.',
        ['auto', 'auto', 'auto', '*'],
      ),
    ),
    headed(
      'Players’ ratings',
      2,
      tableOrNone(
        ['Player', 'Fun (1–5)', 'Clarity (1–5)', 'A rule that confused them'],
        ratingRows(i),
        i.status === 'finished' ? 'Not rated.' : 'The players rate the battle at Finish.',
        ['auto', 'auto', 'auto', '*'],
      ),
    ),
  ];
}

export function buildBattleReport(i: BattleReportInput): BuiltDocument {
  const [a, b] = i.setup.sides;
  // the file's title names the players as they are; on the page each name is isolated, so a name written
  // right to left never swaps the players round or pulls the numbers beside it into its own order (issue 34)
  const docTitle = `Battle report: ${a.playerName} v ${b.playerName}`;
  const content: PdfContent[] = [
    ...title(`Battle report: ${isolate(a.playerName)} v ${isolate(b.playerName)}`, subtitle(i)),
    totalsTable(i),
    settingParagraph(i),
    ...roundByRound(i),
    ...formations(i),
    ...actions(i),
    objectivesAndUncloak(i),
    ...afterwords(i),
    ...(i.campaignOutcome?.recordsToCampaign ? campaignOutcomeBlock(i.campaignOutcome) : []),
    // the battle's short reference, as in the file name: a whole id is the database's, not the players' (issue 15)
    { text: `Battle reference: ${i.battleId.slice(0, 8)}`, style: 'footer', margin: [0, 10, 0, 0] },
  ];
  return { body: { content, pageOrientation: 'landscape' }, title: docTitle, provisional: false };
}

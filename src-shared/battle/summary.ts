import { TRACKED_ABILITIES } from './abilities';
import { CAPTAIN_ABILITY_TERMS, EXPIRY_WORDS } from './captain-abilities';
import { victoryPoints } from './reducer';
import { vpBySource, type VpBySource } from './victory-points';
import type { BattleRules, Side } from './setup';
import type { BattleState, RoundRecord } from './state';
import { counted } from '../naming';

/**
 * The playtest record of a battle in figures (Field Manual §12, DIGEST 19.1):
 * one line per round and the totals, for the battle report, the round
 * screen and the reports.
 */
interface RoundLine {
  round: number;
  minutes: number | null;
  orders: number;
  abilities: string[];
  gambits: number;
  ranged: { A: number; B: number };
  melee: { A: number; B: number };
  mutantKills: { A: number; B: number };
  casualties: { A: number; B: number };
  retreats: { A: number; B: number };
  vp: { A: number; B: number };
  uncloaks: number;
  cryptid: string;
  storm: string;
  veteranSixes: number;
  cryptidDice: number;
  rulings: number;
  /** Wounds each side's attacks dealt to its own models (into an allied melee). */
  friendly: { A: number; B: number };
}

const minutesBetween = (a: string | null, b: string | null) => (a && b ? Math.max(0, Math.round((Date.parse(b) - Date.parse(a)) / 60000)) : null);
const bySide = <T extends { side: Side }>(xs: T[], f: (x: T) => number) => ({
  A: xs.filter((x) => x.side === 'A').reduce((n, x) => n + f(x), 0),
  B: xs.filter((x) => x.side === 'B').reduce((n, x) => n + f(x), 0),
});

function roundLine(r: RoundRecord, rules: Pick<BattleRules, 'captainAbilities' | 'cryptidRules'>): RoundLine {
  const behaviour = r.cryptid?.behaviourId ? (rules.cryptidRules.behaviour.find((b) => b.id === r.cryptid!.behaviourId)?.name ?? r.cryptid.behaviourId) : null;
  return {
    round: r.round,
    minutes: minutesBetween(r.startedAt, r.endedAt),
    orders: r.orders.length,
    abilities: r.abilities.map((a) => rules.captainAbilities.find((x) => x.id === a.abilityId)?.name ?? a.abilityId),
    gambits: r.gambits.length,
    ranged: bySide(
      r.wounds.filter((w) => w.attack === 'ranged'),
      (w) => w.amount,
    ),
    melee: bySide(
      r.wounds.filter((w) => w.attack === 'melee'),
      (w) => w.amount,
    ),
    mutantKills: { A: r.mutantKills.A, B: r.mutantKills.B },
    casualties: bySide(r.casualties, (c) => c.killed),
    retreats: bySide(r.casualties, (c) => c.retreated),
    vp: { ...r.vp },
    uncloaks: r.uncloaks.length,
    cryptid: r.cryptid
      ? [
          r.cryptid.engaged ? 'engaged' : behaviour ? `${behaviour}, targets side ${r.cryptid.target}` : null,
          r.cryptid.woundsTaken ? `${r.cryptid.woundsTaken} W taken` : null,
        ]
          .filter(Boolean)
          .join(', ')
      : '',
    storm: r.storm
      ? [r.storm.scatter ? `drift ${r.storm.scatter.inches}"` : null, r.storm.woundsDealt ? `${r.storm.woundsDealt} W dealt` : null].filter(Boolean).join(', ')
      : '',
    veteranSixes: r.veteranSixes,
    cryptidDice: r.cryptidDice,
    rulings: r.rulings.length,
    friendly: bySide(r.friendlyWounds, (w) => w.amount),
  };
}

export interface BattleTotals {
  lines: RoundLine[];
  minutes: number | null;
  vp: { A: number; B: number };
  /** The same VP by source: objectives, relic, secondary objective, Cryptid Hunt, other (victory-points.ts). */
  vpBySource: Record<Side, VpBySource>;
  ranged: { A: number; B: number };
  melee: { A: number; B: number };
  mutantKills: { A: number; B: number };
  casualties: { A: number; B: number };
  retreats: { A: number; B: number };
  orders: number;
  gambits: number;
  /** Wounds dealt to their own side, by shooting into an allied melee. */
  friendly: { A: number; B: number };
  /** Wounds dealt per formation, ranged and melee. */
  formations: {
    side: Side;
    formationId: string;
    name: string;
    ranged: number;
    melee: number;
    startingModels: number;
    killed: number;
    retreated: number;
    cryptidWounds: number;
  }[];
  rulings: { round: number; ruling: 'disputed' | 'confusing'; ruleRef: string; text: string }[];
  /** Heavy explosions in order (Field Manual §5), for the battle report. */
  explosions: { round: number; side: Side; name: string; cause: string; targets: number; wounds: number }[];
  /** Limited unit abilities used, in order (Clockwork Overdrive, Rift Shock, Field Repairs with its D6). */
  abilityUses: { round: number; side: Side; name: string; ability: string; result: string }[];
  /** Captain signature abilities declared, in order, with their printed expiry (Field Manual §9). */
  captainAbilities: { round: number; side: Side; ability: string; lasts: string }[];
  /** Field Gambits in order, with the formation named for one (Overcharge). */
  gambitUses: { round: number; side: Side; gambit: string; formation: string }[];
  /** Objectives held at each round's end, with the formations named holding them (uncloak.ts). */
  holding: { round: number; objective: number; side: Side; formations: string[] }[];
  /** Patrols that uncloaked, with the round (Field Manual §7). */
  uncloaks: { round: number; side: Side; name: string }[];
  /** Rule of Cool attempts in order (Field Manual §8), with what each gave in words. */
  rulesOfCool: { round: number; side: Side; initiator: string; category: string; agreed: string; d20: number; band: string; result: string }[];
}

/** What a Rule of Cool roll gave, in the table's words. */
export function ruleOfCoolResult(r: RoundRecord['rulesOfCool'][number]): string {
  if (r.criticalFailure) return `critical failure: ${counted(r.initiatorWounds, 'Wound')} to ${r.initiator}`;
  if (!r.success) return 'failed';
  if (r.category === 'damage') return `+${r.damageBonus} Damage`;
  if (r.category === 'movement') return r.maximumMove ? `maximum normal move + ${r.extraInches}"` : `+${r.extraInches}" of movement`;
  return r.category === 'exceptional' ? 'exceptional success' : 'success';
}

export function battleTotals(s: BattleState, rules: BattleRules): BattleTotals {
  const lines = s.rounds.map((r) => roundLine(r, rules));
  const sum = (f: (l: RoundLine) => { A: number; B: number }) => ({ A: lines.reduce((n, l) => n + f(l).A, 0), B: lines.reduce((n, l) => n + f(l).B, 0) });
  const wounds = s.rounds.flatMap((r) => r.wounds);
  const formations = (['A', 'B'] as const).flatMap((side) =>
    s.sides[side].formations.map((f) => ({
      side,
      formationId: f.id,
      name: f.name,
      ranged: wounds.filter((w) => w.side === side && w.formationId === f.id && w.attack === 'ranged').reduce((n, w) => n + w.amount, 0),
      melee: wounds.filter((w) => w.side === side && w.formationId === f.id && w.attack === 'melee').reduce((n, w) => n + w.amount, 0),
      startingModels: f.startingModels,
      killed: f.killed,
      retreated: f.retreated,
      cryptidWounds: f.cryptidWounds,
    })),
  );
  const formationName = (side: Side, id: string) => s.sides[side].formations.find((f) => f.id === id)?.name;
  const first = s.rounds[0]?.startedAt ?? null;
  const last = [...s.rounds].reverse().find((r) => r.endedAt)?.endedAt ?? null;
  return {
    lines,
    minutes: minutesBetween(first, last),
    vp: victoryPoints(s, rules),
    vpBySource: vpBySource(s, rules),
    ranged: sum((l) => l.ranged),
    melee: sum((l) => l.melee),
    mutantKills: sum((l) => l.mutantKills),
    casualties: sum((l) => l.casualties),
    retreats: sum((l) => l.retreats),
    orders: lines.reduce((n, l) => n + l.orders, 0),
    gambits: lines.reduce((n, l) => n + l.gambits, 0),
    friendly: sum((l) => l.friendly),
    formations,
    rulings: [...s.setupRulings.map((r) => ({ round: 0, ...r })), ...s.rounds.flatMap((r) => r.rulings.map((x) => ({ round: r.round, ...x })))],
    abilityUses: s.rounds.flatMap((r) =>
      r.abilityUses.map((u) => ({
        round: r.round,
        side: u.side,
        name: s.sides[u.side].formations.find((f) => f.id === u.formationId)?.name ?? u.formationId,
        ability: TRACKED_ABILITIES[u.abilityId]?.name ?? u.abilityId,
        result: u.roll === null ? 'used' : `D6 ${u.roll}: ${u.regained ? `regained ${u.regained} Wound` : 'no repair'}`,
      })),
    ),
    rulesOfCool: s.rounds.flatMap((r) =>
      r.rulesOfCool.map((x) => ({
        round: r.round,
        side: x.side,
        initiator: x.initiator,
        category: x.category,
        agreed: x.agreed,
        d20: x.d20,
        band: x.band,
        result: ruleOfCoolResult(x),
      })),
    ),
    captainAbilities: s.rounds.flatMap((r) =>
      r.abilities.map((a) => ({
        round: r.round,
        side: a.side,
        ability: rules.captainAbilities.find((x) => x.id === a.abilityId)?.name ?? a.abilityId,
        lasts: CAPTAIN_ABILITY_TERMS[a.abilityId] ? EXPIRY_WORDS[CAPTAIN_ABILITY_TERMS[a.abilityId]!.expiry] : '—',
      })),
    ),
    gambitUses: s.rounds.flatMap((r) =>
      r.gambits.map((g) => ({
        round: r.round,
        side: g.side,
        gambit: rules.gambits.find((x) => x.id === g.gambitId)?.name ?? g.gambitId,
        formation: g.formationId ? (formationName(g.side, g.formationId) ?? g.formationId) : '—',
      })),
    ),
    holding: s.rounds.flatMap((r) =>
      r.holders.flatMap((h, i) =>
        h ? [{ round: r.round, objective: i + 1, side: h, formations: (r.holding?.[i] ?? []).map((id) => formationName(h, id) ?? id) }] : [],
      ),
    ),
    uncloaks: s.rounds.flatMap((r) => r.uncloaks.map((u) => ({ round: r.round, side: u.side, name: formationName(u.side, u.formationId) ?? u.formationId }))),
    explosions: s.rounds.flatMap((r) =>
      r.explosions.map((e) => ({
        round: r.round,
        side: e.side,
        name: s.sides[e.side].formations.find((f) => f.id === e.formationId)?.name ?? e.formationId,
        cause: e.cause,
        targets: e.targets,
        wounds: e.wounds,
      })),
    ),
  };
}

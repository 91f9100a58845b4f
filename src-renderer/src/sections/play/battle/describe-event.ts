import { TRACKED_ABILITIES } from '../../../../../src-shared/battle/abilities';
import type { BattleEvent } from '../../../../../src-shared/battle/events';
import type { BattleSetup, Side } from '../../../../../src-shared/battle/setup';
import type { BattleState } from '../../../../../src-shared/battle/state';
import { modelsLeft } from '../../../../../src-shared/battle/bag';
import { isInReserve } from '../../../../../src-shared/battle/formation-life';
import { holderFormations, holderSide } from '../../../../../src-shared/battle/uncloak';
import { FORMATION_TYPE_NAMES, VP_SOURCE_NAMES, counted, humanise, nameOf } from '../../../../../src-shared/naming';
import type { RulesetPack } from '../../../../../src-shared/ruleset/schema';

/** The pack's names the record needs: provinces, orders, gambits, Captain abilities, cryptids, behaviours. */
export type RecordNames = Pick<RulesetPack, 'provinces' | 'orders' | 'gambits' | 'captainAbilities' | 'cryptids' | 'cryptidRules'>;

/** What the record line of an event may need beyond the event: Wounds the cryptid had left when it was recorded. */
export interface RecordContext {
  cryptidLeft?: number;
}

/** The pack's name for an id, or a readable form of it (a record made under another pack still reads). */
function named(list: readonly { id: string; name: string }[] | undefined, id: string | null | undefined): string {
  if (!id) return 'unknown';
  return list?.find((x) => x.id === id)?.name ?? humanise(id);
}

/**
 * Wounds the cryptid had left before each cryptid.wound in a record (keyed by the event's id), so the line says
 * what it actually lost: struck entries are skipped, and the creature's Wounds come from its entry.
 */
export function cryptidWoundsLeft(log: readonly BattleEvent[]): Map<string, number> {
  const left = new Map<string, number>();
  let remaining: number | null = null;
  for (const e of log) {
    if (e.struck) continue;
    const b = e.body;
    if (b.kind === 'event.resolved' && b.cryptid) remaining = b.cryptid.startingWounds;
    else if (b.kind === 'cryptid.wound' && remaining !== null) {
      left.set(e.id, remaining);
      remaining = Math.max(0, remaining - b.amount);
    } else if (b.kind === 'heavy.explosion' && remaining !== null)
      for (const t of b.targets) if (t.target.kind === 'cryptid') remaining = Math.max(0, remaining - t.wounds);
  }
  return left;
}

/** What every describer may use: the players' and formations' names, the pack's names, and the line's context. */
interface Words {
  setup: BattleSetup;
  pack: RecordNames | null;
  ctx: RecordContext;
  /** A side's player, or "nobody". */
  who: (s: Side | null) => string;
  /** Roll-offs by whose roll is whose: "Ada 4, Bram 2; then Ada 5, Bram 1". */
  rolls: (pairs: readonly (readonly [number, number])[]) => string;
  cryptidName: (id: string | undefined) => string;
  /** A formation's own name. */
  bare: (s: Side, id: string) => string;
  /** A formation with its player, "Core squad 1 (Layla)", so a line read aloud at the table says whose it is. */
  fname: (s: Side, id: string) => string;
  /** An Officer's name, or the id when the army no longer lists it. */
  officer: (s: Side, id: string) => string;
}

function wordsFor(setup: BattleSetup, pack: RecordNames | null, ctx: RecordContext): Words {
  const side = (s: Side) => setup.sides[s === 'A' ? 0 : 1];
  const [nameA, nameB] = [setup.sides[0].playerName, setup.sides[1].playerName];
  const bare = (s: Side, id: string) => side(s).formations.find((f) => f.id === id)?.name ?? id;
  return {
    setup,
    pack,
    ctx,
    who: (s) => (s ? side(s).playerName : 'nobody'),
    rolls: (pairs) => pairs.map(([x, y]) => `${nameA} ${x}, ${nameB} ${y}`).join('; then '),
    cryptidName: (id) => named(pack?.cryptids, id),
    bare,
    fname: (s, id) => `${bare(s, id)} (${side(s).playerName})`,
    officer: (s, id) => side(s).officers.find((o) => o.id === id)?.name ?? id,
  };
}

type Body = BattleEvent['body'];
type BodyOf<K extends Body['kind']> = Extract<Body, { kind: K }>;
/** One describer per event kind: a new kind without one does not compile. */
type Describers = { [K in Body['kind']]: (b: BodyOf<K>, w: Words) => string };

/** How far an order reached: relayed by Officers, or straight from the Captain. */
function orderReach(b: BodyOf<'command.order'>, w: Words): string {
  if (!b.reach) return '';
  if (!b.reach.relay.length) return ` (${b.reach.links[0]}" from the Captain)`;
  return ` (relayed by ${b.reach.relay.map((id) => w.officer(b.side, id)).join(', ')}; ${b.reach.links.join('", ')}")`;
}

function describeCryptidWound(b: BodyOf<'cryptid.wound'>, w: Words): string {
  // only what it had left is taken (event-cryptid.ts): the line says so when more was dealt
  const left = w.ctx.cryptidLeft;
  const taken = left !== undefined ? Math.min(b.amount, left) : b.amount;
  const by = b.side && b.formationId ? w.fname(b.side, b.formationId) : 'nobody';
  return `${counted(taken, 'Wound')} to the cryptid by ${by} (${b.attack})${taken < b.amount ? `: ${b.amount} dealt, only ${left} left to take` : ''}`;
}

function describeRoundEnd(b: BodyOf<'round.end'>, w: Words): string {
  const objectives = b.holders
    .map((h, i) => {
      const sd = holderSide(h);
      // the player is named already, before the formations holding it
      const holding = holderFormations(h).map((id) => w.bare(sd!, id));
      return `${i + 1} ${sd ? `${w.who(sd)}${holding.length ? ` (${holding.join(', ')})` : ''}` : '—'}`;
    })
    .join(', ');
  const storm = b.storm.length ? '; storm exposure rolled' : '';
  const instability = b.instability.length ? `; Instability D20 ${b.instability.map((x) => x.roll).join(', ')}` : '';
  return `Round ended; objectives: ${objectives}${storm}${instability}`;
}

function describeExplosion(b: BodyOf<'heavy.explosion'>, w: Words): string {
  const what = (t: (typeof b.targets)[number]['target']) =>
    t.kind === 'formation' ? w.fname(t.side, t.formationId) : t.kind === 'patrol' ? `mutants at objective ${t.objective + 1}` : 'the cryptid';
  const hits = b.targets.map(
    (t) => `${what(t.target)} D3 ${t.rolls.join(', ')}${t.saveRolls.length ? ` (Saves ${t.saveRolls.join(', ')})` : ''}: ${t.wounds} W`,
  );
  return `${w.fname(b.side, b.formationId)} explodes${hits.length ? ` — ${hits.join('; ')}` : ', nothing within 3"'}${b.entered ? ' (rolled at the table)' : ''}`;
}

function describeRuleOfCool(b: BodyOf<'rule.cool'>, w: Words): string {
  const by = b.officerId ? w.officer(b.side, b.officerId) : 'the Captain';
  const move = b.moveD6 !== null ? `, D6 ${b.moveD6}"` : '';
  return `${w.who(b.side)}: Rule of Cool by ${by}${b.response ? ' in response' : ''} (${b.category}: ${b.agreed}), D20 ${b.d20}${move}${b.entered ? ' (rolled at the table)' : ''}`;
}

function describeAbility(b: BodyOf<'ability.use'>, w: Words): string {
  const roll = b.roll !== null ? `: D6 ${b.roll}, ${b.regained ? `regains ${b.regained} Wound` : 'no repair'}` : '';
  const split = b.split ? `: the Sacristan takes ${counted(b.split.sacristan, 'Wound')}, the fighter ${b.split.fighter}` : '';
  return `${w.fname(b.side, b.formationId)} uses ${TRACKED_ABILITIES[b.abilityId]?.name ?? b.abilityId}${roll}${split}${b.entered ? ' (rolled at the table)' : ''}`;
}

const SETUP_DESCRIBERS: Pick<Describers, 'setup.scenario' | 'setup.terrain' | 'setup.rolloff' | 'setup.deployed'> = {
  'setup.scenario': (b, w) =>
    `Scenario chosen (province: ${named(w.pack?.provinces, b.provinceId)}${b.campaignGame ? `, campaign game ${b.campaignGame}` : ''})${
      b.secondary ? `; secondary objective agreed: ${b.secondary}` : ''
    }`,
  'setup.terrain': (b) => `${b.objectives} objectives placed, each with a mutant patrol`,
  'setup.rolloff': (b, w) => `Deployment roll-off (${w.rolls(b.rolls)}): ${w.who(b.winner)} chooses the edge`,
  'setup.deployed': (b, w) =>
    `Deployed${b.reserves.A.length + b.reserves.B.length ? `; in reserve: ${[...b.reserves.A.map((id) => w.fname('A', id)), ...b.reserves.B.map((id) => w.fname('B', id))].join(', ')}` : ''}`,
};

const COMMAND_DESCRIBERS: Pick<Describers, 'command.ability' | 'command.rolloff' | 'command.order' | 'command.done' | 'officer.repost'> = {
  'command.ability': (b, w) => `${w.who(b.side)} declares ${named(w.pack?.captainAbilities, b.abilityId)}`,
  'command.rolloff': (b, w) => `Declaration roll-off (${w.rolls(b.rolls)}): ${w.who(b.first)} declares first`,
  'command.order': (b, w) => `${w.who(b.side)}: ${named(w.pack?.orders, b.orderId)} to ${w.fname(b.side, b.formationId)}${orderReach(b, w)}`,
  'command.done': () => 'Command Phase done',
  'officer.repost': (b, w) =>
    `${w.officer(b.side, b.officerId)} re-posted ${b.to ? `to ${w.fname(b.side, b.to)}` : 'to the command group'} from the next round`,
};

const CRYPTID_DESCRIBERS: Pick<Describers, 'event.resolved' | 'cryptid.act' | 'cryptid.wound' | 'cryptid.tieRolloff' | 'cryptid.trophy'> = {
  'event.resolved': (b, w) =>
    b.d20 === null
      ? `Guaranteed cryptid: ${w.cryptidName(b.cryptid?.cryptidId)}`
      : `Event D20 ${b.d20}: ${b.outcome === 'cryptid' ? `the cryptid ${w.cryptidName(b.cryptid?.cryptidId)}` : 'radiation storm'}`,
  'cryptid.act': (b, w) =>
    b.engaged
      ? 'Cryptid engaged: attacks first'
      : `Cryptid targets ${w.who(b.target)} (lower roll: ${w.rolls(b.rolls ?? [])}), behaviour D6 ${b.behaviourRoll}: ${named(w.pack?.cryptidRules.behaviour, b.behaviourId)}`,
  'cryptid.wound': describeCryptidWound,
  'cryptid.tieRolloff': (b, w) => `Roll-off for tied cryptid damage (${w.rolls(b.rolls)}): ${w.who(b.winner)} takes first place`,
  'cryptid.trophy': (b, w) => `Trophy claimed by ${w.fname(b.side, b.formationId)} (${b.disposition})`,
};

const ROUND_DESCRIBERS: Pick<
  Describers,
  'bag.draw' | 'bag.activate' | 'bag.pass' | 'morale.willCheck' | 'gambit' | 'uncloak' | 'round.end' | 'heavy.explosion' | 'rule.cool' | 'ability.use'
> = {
  'bag.draw': (b, w) => (b.owner === 'neutral' ? 'Drew a mutant token' : `Drew ${w.who(b.owner)}’s token`),
  'bag.activate': (b, w) => `Activated ${formationLabel(w.setup, b.formationId)}`,
  'bag.pass': () => 'Spent a Pass token',
  'morale.willCheck': (b, w) =>
    `Will check for ${w.fname(b.side, b.formationId)}: natural ${b.roll} +${b.modifier} against Resolve ${b.resolve}+, ${b.passed ? 'passed, activates' : 'failed, Broken and withdrawing'}${b.rolledBy === 'app' ? ' (rolled by the app)' : ''}`,
  gambit: (b, w) => `${w.who(b.side)} uses ${named(w.pack?.gambits, b.gambitId)}${b.formationId ? ` for ${w.fname(b.side, b.formationId)}` : ''}`,
  uncloak: (b, w) => `${w.fname(b.side, b.formationId)} Uncloaks`,
  'round.end': describeRoundEnd,
  'heavy.explosion': describeExplosion,
  'rule.cool': describeRuleOfCool,
  'ability.use': describeAbility,
};

const RECORD_DESCRIBERS: Pick<
  Describers,
  | 'record.wounds'
  | 'record.casualties'
  | 'mutant.kill'
  | 'record.vp'
  | 'record.veteranSix'
  | 'record.cryptidDie'
  | 'record.trophyUsed'
  | 'record.ruling'
  | 'record.note'
  | 'correction.strike'
> = {
  'record.wounds': (b, w) =>
    `${w.fname(b.side, b.formationId)} dealt ${counted(b.amount, 'Wound')}${b.friendly ? ' to its own side (into an allied melee)' : ''}, ${b.attack}`,
  'record.casualties': (b, w) =>
    `${w.fname(b.side, b.formationId)}: ${b.killed} killed, ${b.retreated} retreated${b.captain ? ' (the Captain among them)' : ''}`,
  'mutant.kill': (b, w) => `${counted(b.count, 'mutant')} at objective ${b.objective + 1} killed by ${b.side ? w.who(b.side) : 'the cryptid or the storm'}`,
  'record.vp': (b, w) => `${w.who(b.side)} +${b.amount} VP (${nameOf(VP_SOURCE_NAMES, b.source)})`,
  'record.veteranSix': (b, w) => `${w.fname(b.side, b.formationId)} spends a Veteran Six${b.pool ? ` on a ${b.pool} roll` : ''}`,
  'record.cryptidDie': (b, w) => `${w.who(b.side)} spends a Cryptid Die`,
  'record.trophyUsed': (b, w) => `${w.who(b.side)} uses the banked trophy ${b.trophyName}`,
  'record.ruling': (b) => `${b.ruling === 'disputed' ? 'Disputed' : 'Confusing'} ruling (${b.ruleRef}): ${b.text}`,
  'record.note': (b) => b.text,
  'correction.strike': (b) => `Struck out an entry${b.reason ? ` (${b.reason})` : ''}`,
};

const DESCRIBERS: Describers = { ...SETUP_DESCRIBERS, ...COMMAND_DESCRIBERS, ...CRYPTID_DESCRIBERS, ...ROUND_DESCRIBERS, ...RECORD_DESCRIBERS };

/**
 * One line per recorded event, in the table's words, for the record beside the round screen: every province,
 * order, gambit, ability, creature and behaviour by its name from the pack, every roll-off by whose roll is whose.
 */
export function describeEvent(e: BattleEvent, setup: BattleSetup, pack: RecordNames | null, ctx: RecordContext = {}): string {
  const describe = DESCRIBERS[e.body.kind] as (b: Body, w: Words) => string;
  return describe(e.body, wordsFor(setup, pack, ctx));
}

/** A formation with its player's name (both armies have a command group), or the mutant patrol at its objective. */
export function formationLabel(setup: BattleSetup, id: string): string {
  for (const side of setup.sides) {
    const f = side.formations.find((x) => x.id === id);
    if (f) return `${f.name} (${side.playerName})`;
  }
  return id.replace('patrol-', 'the mutant patrol at objective ');
}

/** A formation to pick when its token is drawn: its name, its type and the models it has left, or the patrol at its objective. */
export function formationChoice(state: BattleState, id: string): { name: string; detail: string; heldInReserve: boolean; side: Side | null } {
  for (const side of ['A', 'B'] as const) {
    const f = state.sides[side].formations.find((x) => x.id === id);
    if (f) {
      const left = modelsLeft(f);
      return {
        name: f.name,
        detail: `${FORMATION_TYPE_NAMES[f.slot]} · ${counted(left, 'model')} left${isInReserve(f) ? ' · in reserve' : ''}`,
        heldInReserve: isInReserve(f),
        side,
      };
    }
  }
  const objective = id.replace('patrol-', '');
  return { name: `Mutant patrol, objective ${objective}`, detail: `The patrol guarding objective ${objective}`, heldInReserve: false, side: null };
}

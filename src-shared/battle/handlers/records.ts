import { counted } from '../../naming';
import { modelsLeft, patrolActive, patrolFormationId } from '../bag';
import { isFinal, outOfTheFight, statusOf, takeLosses } from '../formation-life';
import { MUTANTS_PER_PATROL, PATROL_FLEES_AT, type Side } from '../setup';
import { veteranSixRefusal } from '../veteran-sixes';
import { lastSideStanding } from '../last-retinue';
import { repostRefusal } from '../officer-posting';
import { queueExplosions } from './explosion';
import { violation, type BattleDraft, type EventHandlers } from './handler';
import { currentRound, formationThatMay } from './lookups';
import { markUnavailable, recountMorale } from './round-flow';

type RecordKind =
  | 'record.wounds'
  | 'record.casualties'
  | 'mutant.kill'
  | 'record.vp'
  | 'record.veteranSix'
  | 'record.cryptidDie'
  | 'record.trophyUsed'
  | 'record.ruling'
  | 'record.note'
  | 'officer.repost'
  | 'correction.strike';

type Casualties = Parameters<EventHandlers['record.casualties']>[1];
type SideDraft = BattleDraft['sides'][Side];
type FormationDraft = SideDraft['formations'][number];

/** The command group's losses name who fell or left: the Captain and each Officer, once, and not one fighting in a squad still standing. */
function commandGroupLosses(s: BattleDraft, side: SideDraft, b: Casualties, lost: number): void {
  if (b.captain && side.captainLost) throw violation('The Captain is already recorded as lost.', ['captain']);
  for (const oid of b.officerIds) {
    const o = side.officers.find((x) => x.id === oid);
    if (!o) throw violation(`Unknown Officer ${oid}.`, ['officerIds']);
    if (o.lost) throw violation(`${o.name} is already recorded as lost.`, ['officerIds']);
    // under the life cycle an Officer fighting in a squad that still stands is that squad's model (older records counted all here)
    const host = o.attachedTo === null ? null : side.formations.find((x) => x.id === o.attachedTo);
    if (s.setup.lifeCycle && host && !isFinal(statusOf(s, b.side, host)))
      throw violation(`${o.name} is posted to ${host.name}: record their loss with that squad.`, ['officerIds']);
  }
  if ((b.captain ? 1 : 0) + b.officerIds.length !== lost)
    throw violation('In the command group, say who fell or left: the Captain and each Officer.', ['officerIds']);
  if (b.captain) side.captainLost = true;
  for (const oid of b.officerIds) side.officers.find((x) => x.id === oid)!.lost = true;
}

/** An Officer posted to a squad is one of its models (roster-formations.ts): its loss is recorded with that squad. */
function postedOfficerLosses(side: SideDraft, f: FormationDraft, b: Casualties, lost: number): void {
  for (const oid of b.officerIds) {
    const o = side.officers.find((x) => x.id === oid);
    if (!o) throw violation(`Unknown Officer ${oid}.`, ['officerIds']);
    if (o.attachedTo !== f.id) throw violation(`${o.name} is not posted to ${f.name}: record an Officer with the formation it fights in.`, ['officerIds']);
    if (o.lost) throw violation(`${o.name} is already recorded as lost.`, ['officerIds']);
  }
  if (b.officerIds.length > lost) throw violation('Name no more Officers than the models lost.', ['officerIds']);
  for (const oid of b.officerIds) side.officers.find((x) => x.id === oid)!.lost = true;
}

/** The alternating module ends at once when only one side has formations on the table (DIGEST §23 T9). */
function endIfOneSideLeft(s: BattleDraft, at: string): void {
  const winner = s.phase === 'over' ? null : lastSideStanding(s);
  if (!winner) return;
  s.endedEarly = { round: s.round, winner };
  currentRound(s).endedAt = at;
  s.phase = 'over';
}

/** What the players record as the battle goes (Field Manual §12, DIGEST 19.1), and the strike that corrects it. */
export const recordHandlers: Pick<EventHandlers, RecordKind> = {
  'record.wounds': (s, b, ctx) => {
    if (s.round < 1) throw violation('Wounds are recorded once the battle has begun.');
    // only a formation on the table deals Wounds: not one in reserve, destroyed or gone (formation-life.ts)
    formationThatMay(s, b.side, b.formationId, 'deal-wounds', ctx);
    if (b.friendly) currentRound(s).friendlyWounds.push({ side: b.side, formationId: b.formationId, amount: b.amount });
    else currentRound(s).wounds.push({ side: b.side, formationId: b.formationId, attack: b.attack, amount: b.amount });
  },

  'record.casualties': (s, b, ctx) => {
    if (s.round < 1) throw violation('Casualties are recorded once the battle has begun.');
    const side = s.sides[b.side];
    const f = formationThatMay(s, b.side, b.formationId, 'take-losses', ctx);
    const lost = b.killed + b.retreated;
    if (lost === 0) throw violation('Enter at least one model killed or retreated.', ['killed']);
    if (lost > modelsLeft(f)) throw violation(`${f.name} has only ${counted(modelsLeft(f), 'model')} left.`, ['killed']);
    if (f.slot === 'command') commandGroupLosses(s, side, b, lost);
    else if (b.captain) throw violation('The Captain is recorded with the command group.', ['captain']);
    else if (b.officerIds.length) postedOfficerLosses(side, f, b, lost);
    takeLosses(f, b);
    // a destroyed Heavy explodes, whatever destroyed it (Field Manual §5); one that left the table does not
    if (f.slot === 'heavy' && b.killed > 0) queueExplosions(s, b.side, f.id, b.killed);
    currentRound(s).casualties.push({ side: b.side, formationId: b.formationId, killed: b.killed, retreated: b.retreated });
    recountMorale(s, b.side);
    if (outOfTheFight(s, b.side, f)) markUnavailable(s, f.id);
    endIfOneSideLeft(s, ctx.ev.at);
  },

  'mutant.kill': (s, b, { mission }) => {
    if (s.round < 1) throw violation('Mutant kills are recorded once the battle has begun.');
    const p = s.patrols[b.objective];
    if (!p) throw violation(`There is no objective ${b.objective + 1}.`, ['objective']);
    if (!patrolActive(p)) throw violation(`The patrol at objective ${b.objective + 1} is already gone (two dead: the third fled, DIGEST 4.4).`, ['objective']);
    const perPatrol = mission?.mutantsPerObjective ?? MUTANTS_PER_PATROL;
    if (p.dead + b.count > perPatrol) throw violation(`That patrol has only ${counted(perPatrol - p.dead, 'mutant')} left.`, ['count']);
    p.dead += b.count;
    if (p.dead >= PATROL_FLEES_AT) p.fled = p.dead < perPatrol; // the survivor flees; it is not a kill (AMB-26)
    p.killsBy[b.side ?? 'none'] += b.count;
    if (b.side) s.sides[b.side].mutantKills += b.count;
    currentRound(s).mutantKills[b.side ?? 'none'] += b.count;
    if (!patrolActive(p)) markUnavailable(s, patrolFormationId(p.objective));
  },

  'record.vp': (s, b) => {
    if (s.round < 1) throw violation('VP are recorded once the battle has begun.');
    s.sides[b.side].extraVp += b.amount;
    s.sides[b.side].vpRecorded[b.source] += b.amount;
    currentRound(s).vp[b.side] += b.amount;
  },

  'record.veteranSix': (s, b, ctx) => {
    if (s.round < 1) throw violation('Veteran Sixes are spent during the battle.');
    const f = formationThatMay(s, b.side, b.formationId, 'veteran-six', ctx);
    // per battle by rank, matched in a crossover, one per activation, before the roll (veteran-sixes.ts)
    const refusal = veteranSixRefusal(s, { side: b.side, formationId: b.formationId, replacing: b.replacing });
    if (refusal) throw violation(refusal, [b.replacing !== null ? 'replacing' : 'formationId']);
    f.veteranSixActivation = s.activationSerial;
    f.veteranSixesSpent += 1;
    currentRound(s).veteranSixes += 1;
  },

  'record.trophyUsed': (s, b) => {
    if (s.round < 1) throw violation('A banked trophy is used during the battle.');
    const used = s.sides[b.side].bankedTrophiesUsed;
    if (used.some((t) => t.trophyId === b.trophyId)) throw violation(`${b.trophyName} was used already in this battle; a trophy is used once.`, ['trophyId']);
    used.push({ trophyId: b.trophyId, trophyName: b.trophyName });
  },

  'record.cryptidDie': (s, b, ctx) => {
    if (s.round < 1) throw violation('Cryptid Dice are spent during the battle.');
    if (b.formationId !== undefined) formationThatMay(s, b.side, b.formationId, 'cryptid-die', ctx);
    if (s.sides[b.side].cryptidDiceSpent.includes(b.dieId)) throw violation('That Cryptid Die was already spent; each is one-use (DIGEST 13.13).', ['dieId']);
    s.sides[b.side].cryptidDiceSpent.push(b.dieId);
    currentRound(s).cryptidDice += 1;
  },

  'record.ruling': (s, b) => {
    if (s.round < 1) s.setupRulings.push({ ruling: b.ruling, ruleRef: b.ruleRef, text: b.text });
    else currentRound(s).rulings.push({ ruling: b.ruling, ruleRef: b.ruleRef, text: b.text });
  },

  'officer.repost': (s, b) => {
    const refusal = repostRefusal(s, b.side, b.officerId, b.to);
    if (refusal) throw violation(refusal, ['to']);
    s.sides[b.side].officers.find((o) => o.id === b.officerId)!.nextPost = b.to;
  },

  // A note is kept in the record only; it changes nothing in the state.
  'record.note': () => {},

  // foldEvents replays a record without its struck events; the strike itself changes nothing.
  'correction.strike': () => {},
};

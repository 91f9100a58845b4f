import { AppError } from '../errors';
import { modelsLeft } from './bag';
import { behaviourForRoll, entryForRoll, provinceSlot, rolloffHigher, rolloffLower, startingWounds } from './cryptid';
import { STRIKABLE_KINDS, TABLE_RECORD_KINDS, type BattleEventBody } from './events';
import { explosionRollsSaves, explosionWounds } from './explosion';
import { ruleOfCoolRollsMove } from './rule-of-cool';
import { fieldRepairsRegained, intercessionSplit } from './abilities';
import { gambitRefusal, OVERCHARGE_ID } from './gambits';
import { willCheckPasses } from './morale-will-check';
import { battleMission } from './mission';
import { SIDES, type BattleRules, type Side } from './setup';
import type { BattleState } from './state';
import { bandWounds, stormEntryRefusal } from './storm';
import { bareHolderRefusal } from './uncloak';
import { vpRecordRefusal } from './victory-points';
import type { BattleIntent } from './intents.schema';

export type { BattleIntent, BattleIntentInput } from './intents.schema';

/**
 * The events "Undo the last draw" strikes out: the round's last draw, or the
 * pick that followed a draw and that draw (the pick first); none before the
 * round's first draw. The screens ask it too, to offer the undo
 * only where the viewer may (a club night phone undoes its own events only).
 */
export function undoDrawTargets(s: BattleState): string[] {
  const last = s.roundDraws[s.roundDraws.length - 1];
  if (!last) return [];
  const prev = s.roundDraws[s.roundDraws.length - 2];
  return last.kind === 'bag.activate' && prev?.kind === 'bag.draw' ? [last.eventId, prev.eventId] : [last.eventId];
}

/**
 * What the table asks for ("draw a token", "resolve the event"), turned into
 * the events to record. Anything random is rolled here through `roll`, so the
 * event carries the dice and the record replays without them. The backend
 * passes a cryptographically sound die; tests pass scripted dice.
 */

export type RollDie = (sides: number) => number;

/** Events the players enter as they are, without dice. */
const RECORDABLE = [
  ...TABLE_RECORD_KINDS,
  'command.done',
  'setup.scenario',
  'setup.terrain',
  'setup.deployed',
  'bag.activate',
  'bag.pass',
  // the players roll the Will check at the table (or let the app roll) and enter the die
  'morale.willCheck',
] as const;

export interface ResolvedEvent {
  body: BattleEventBody;
  correctsEventId: string | null;
}

/** Roll off until the tie breaks. */
function rolloff(roll: RollDie): [number, number][] {
  const rolls: [number, number][] = [];
  for (;;) {
    const pair: [number, number] = [roll(6), roll(6)];
    rolls.push(pair);
    if (pair[0] !== pair[1]) return rolls;
    if (rolls.length >= 50) throw new AppError('INTERNAL', 'The dice tied fifty times in a row.');
  }
}

/** What an intent handler reads beside the state: the rules, the dice, and the record so far (for a strike). */
interface IntentContext {
  rules: BattleRules;
  roll: RollDie;
  events: readonly { id: string; body: BattleEventBody; struck: boolean }[];
}

type IntentKind = BattleIntent['kind'];
type IntentHandler<K extends IntentKind> = (s: BattleState, intent: Extract<BattleIntent, { kind: K }>, ctx: IntentContext) => ResolvedEvent[];

/** Every intent kind has a handler: a kind added to `battleIntentSchema` without one does not compile (as the reducer's EVENT_HANDLERS). */
type IntentHandlers = { [K in IntentKind]: IntentHandler<K> };

const one = (body: BattleEventBody): ResolvedEvent[] => [{ body, correctsEventId: null }];

/** Checks asked of an event the players enter, when it is entered (not on replay: a record made before each check still folds). */
function refuseRecord(s: BattleState, body: BattleEventBody, rules: BattleRules): void {
  if (!(RECORDABLE as readonly string[]).includes(body.kind))
    throw new AppError('VALIDATION', `${body.kind} is rolled by the app, not entered.`, { path: ['body', 'kind'] });
  if (body.kind === 'record.cryptidDie' && (!s.cryptid || s.cryptid.defeated))
    throw new AppError(
      'RULE_VIOLATION',
      'A Cryptid Die rerolls a failed Hit, Wound or Save against a cryptid: spend it while a cryptid is on the table (DIGEST 13.13).',
      { path: ['body', 'dieId'] },
    );
  if (body.kind === 'record.vp') {
    const refusal = vpRecordRefusal(s, rules, body);
    if (refusal) throw new AppError('RULE_VIOLATION', refusal.message, { path: ['body', ...refusal.path] });
  }
  // asked of every new Overcharge: a record made before the formation was named still folds
  if (body.kind === 'gambit' && body.gambitId === OVERCHARGE_ID && body.formationId === undefined && gambitRefusal(s, rules, body) === null)
    throw new AppError('RULE_VIOLATION', 'Say which formation overcharges: Overcharge applies to HQ and Elite ranged attacks only (Field Manual §8).', {
      path: ['body', 'formationId'],
    });
}

/** The environment event (DIGEST 5.2 step 2): the mission's guaranteed cryptid, or the D20 between a cryptid and the storm. */
const resolveEvent: IntentHandler<'resolve-event'> = (s, _intent, { rules, roll }) => {
  const mission = battleMission(s, rules);
  const guaranteed = !!mission?.guaranteedCryptid;
  const d20 = guaranteed ? null : roll(20);
  const e = rules.environmentEvent;
  const outcome = guaranteed || (d20! >= e.cryptid.min && d20! <= e.cryptid.max) ? 'cryptid' : 'storm';
  if (outcome === 'storm') return one({ kind: 'event.resolved', d20, outcome, cryptid: null, storm: { scatterInches: roll(6), direction: roll(8) } });
  const province = rules.provinces.find((p) => p.id === s.provinceId);
  if (!province) throw new AppError('RULE_VIOLATION', 'Choose the battlefield province first.');
  const slotRoll = roll(6);
  const creature = rules.cryptids.find((c) => c.id === province.cryptids[provinceSlot(slotRoll)]);
  if (!creature) throw new AppError('NOT_FOUND', `The province table names a cryptid missing from the Bestiary.`);
  const entryRoll = mission?.cryptidEntry ? null : roll(6);
  const entryId = mission?.cryptidEntry ?? entryForRoll(rules.cryptidRules, entryRoll!).id;
  return one({
    kind: 'event.resolved',
    d20,
    outcome,
    cryptid: { slotRoll, cryptidId: creature.id, entryRoll, entryId, startingWounds: startingWounds(rules.cryptidRules, creature.class) },
    storm: null,
  });
};

/** The round's end: the holders and the storm's rows checked, protection, Instability and the storm's drift rolled. */
const endRound: IntentHandler<'end-round'> = (s, intent, { roll }) => {
  // a side credited without its formations, while a patrol of it arrived this round (uncloak.ts)
  for (const [i, h] of intent.holders.entries()) {
    const why = bareHolderRefusal(s, h);
    if (why) throw new AppError('RULE_VIOLATION', `Objective ${i + 1}: ${why}`, { path: ['holders', i] });
  }
  // the protection count is checked against the army snapshot for every new round end (older records keep what they say)
  const wrong = stormEntryRefusal(s, intent.storm);
  if (wrong) throw new AppError('RULE_VIOLATION', wrong.message, { path: ['storm', wrong.index, wrong.field] });
  const storm = intent.storm.map((e) => ({ ...e, protectionRolls: Array.from({ length: e.protectedInside }, () => roll(6)) }));
  // the dice in the order the table rolls them: protection, Instability, then the storm's drift
  const instability = instabilityRolls(s, roll);
  const stormScatter = s.storm && s.round < 5 ? { inches: roll(6), direction: roll(8) } : null;
  return one({ kind: 'round.end', holders: intent.holders, storm, instability, stormScatter });
};

/** A D20 for each formation with an end-of-round Instability rule and a model left. */
function instabilityRolls(s: BattleState, roll: RollDie): { side: Side; formationId: string; roll: number; wounds: number }[] {
  const out: { side: Side; formationId: string; roll: number; wounds: number }[] = [];
  for (const sd of SIDES) {
    const snaps = s.setup.sides[sd === 'A' ? 0 : 1].formations;
    for (const f of s.sides[sd].formations) {
      const bands = snaps.find((x) => x.id === f.id)?.endOfRoundD20 ?? [];
      if (bands.length && modelsLeft(f) > 0) {
        const r = roll(20);
        out.push({ side: sd, formationId: f.id, roll: r, wounds: bandWounds(bands, r) });
      }
    }
  }
  return out;
}

/** A Heavy's explosion: one D3 per model ticked (and a Save die when the ruling allows), unless the players entered theirs. */
const explode: IntentHandler<'explode'> = (_s, intent, { rules, roll }) => {
  const ruling = rules.options.explosionSaves ?? 'automatic';
  let entered = false;
  const targets = intent.targets.map((t, i) => {
    const given = (xs: number[] | null, what: string) => {
      if (xs === null) return null;
      if (xs.length !== t.models)
        throw new AppError('VALIDATION', `Enter one ${what} per model: ${t.models}.`, { path: ['targets', i, what === 'D3' ? 'rolls' : 'saveRolls'] });
      entered = true;
      return xs;
    };
    const rolls = given(t.rolls, 'D3') ?? Array.from({ length: t.models }, () => roll(3));
    const saves = explosionRollsSaves(ruling, t.save);
    const saveRolls = saves ? (given(t.saveRolls, 'Save die') ?? Array.from({ length: t.models }, () => roll(6))) : [];
    return { target: t.target, rolls, save: t.save, saveRolls, wounds: explosionWounds(rolls, saves ? t.save : null, saveRolls) };
  });
  return one({ kind: 'heavy.explosion', side: intent.side, formationId: intent.formationId, cause: intent.cause, targets, entered });
};

/** A limited unit ability: Field Repairs' D6 rolled unless entered, Intercession's split made by the engine. */
const useAbility: IntentHandler<'use-ability'> = (_s, intent, { roll }) => {
  const repairs = intent.abilityId === 'field-repairs';
  const d6 = repairs ? (intent.roll ?? roll(6)) : null;
  return one({
    kind: 'ability.use',
    side: intent.side,
    formationId: intent.formationId,
    abilityId: intent.abilityId,
    moved: intent.moved,
    woundsLost: intent.woundsLost,
    roll: d6,
    regained: d6 === null ? 0 : fieldRepairsRegained(d6, intent.woundsLost),
    entered: intent.roll !== null,
    ...(intent.withinRange === undefined ? {} : { withinRange: intent.withinRange }),
    ...(intent.woundsLeft === undefined ? {} : { woundsLeft: intent.woundsLeft }),
    ...(intent.unsavedWounds === undefined
      ? {}
      : { unsavedWounds: intent.unsavedWounds, split: intercessionSplit(intent.unsavedWounds, intent.woundsLeft ?? 0) }),
  });
};

/** The table's intents as a table, as the reducer's events are: intent kind → the small handler that turns it into events. */
const INTENT_HANDLERS: IntentHandlers = {
  record: (s, intent, { rules }) => {
    refuseRecord(s, intent.body, rules);
    return one(intent.body);
  },
  'deployment-rolloff': (_s, _intent, { roll }) => {
    const rolls = rolloff(roll);
    return one({ kind: 'setup.rolloff', rolls, winner: rolloffHigher(rolls)! });
  },
  'cryptid-tie-rolloff': (_s, _intent, { roll }) => {
    const rolls = rolloff(roll);
    return one({ kind: 'cryptid.tieRolloff', rolls, winner: rolloffHigher(rolls)! });
  },
  ability: (s, intent, { roll }) => {
    const out = one({ kind: 'command.ability', side: intent.side, abilityId: intent.abilityId });
    // The second declaration triggers the roll-off for the order they take effect (DIGEST 5.10).
    if (s.phase === 'command' && s.command.abilities.length === 1 && s.command.abilities[0]!.side !== intent.side) {
      const rolls = rolloff(roll);
      out.push({ body: { kind: 'command.rolloff', rolls, first: rolloffHigher(rolls)! }, correctsEventId: null });
    }
    return out;
  },
  'resolve-event': resolveEvent,
  'cryptid-act': (_s, intent, { rules, roll }) => {
    if (intent.engaged) return one({ kind: 'cryptid.act', engaged: true, rolls: null, target: null, behaviourRoll: null, behaviourId: null });
    const rolls = rolloff(roll);
    const behaviourRoll = roll(6);
    return one({
      kind: 'cryptid.act',
      engaged: false,
      rolls,
      target: rolloffLower(rolls),
      behaviourRoll,
      behaviourId: behaviourForRoll(rules.cryptidRules, behaviourRoll).id,
    });
  },
  draw: (s, _intent, { roll }) => {
    const bag = s.activation as { tokens?: (0 | 1 | 'neutral')[] } | null;
    const tokens = bag?.tokens ?? [];
    if (s.phase !== 'activations' || tokens.length === 0) throw new AppError('RULE_VIOLATION', 'There is no token to draw.');
    // one token left: no die to roll, the draw is forced
    const index = tokens.length === 1 ? 0 : roll(tokens.length) - 1;
    const t = tokens[index]!;
    return one({ kind: 'bag.draw', index, owner: t === 'neutral' ? 'neutral' : t === 0 ? 'A' : 'B' });
  },
  'undo-draw': (s) => {
    const targets = undoDrawTargets(s);
    if (targets.length === 0) throw new AppError('RULE_VIOLATION', 'No draw to undo in this round.');
    return targets.map((eventId) => ({ body: { kind: 'correction.strike', targetEventId: eventId, reason: 'draw undone' }, correctsEventId: eventId }));
  },
  'end-round': endRound,
  explode,
  'rule-of-cool': (_s, intent, { rules, roll }) => {
    const d20 = intent.d20 ?? roll(20);
    const moveD6 = ruleOfCoolRollsMove(rules.ruleOfCool, intent.category, d20) ? (intent.moveD6 ?? roll(6)) : null;
    const { side, officerId, category, agreed, response } = intent;
    return one({ kind: 'rule.cool', side, officerId, category, agreed: agreed.trim(), response, d20, moveD6, entered: intent.d20 !== null });
  },
  'will-check': (_s, intent, { roll }) => {
    const d6 = intent.roll ?? roll(6);
    return one({
      kind: 'morale.willCheck',
      side: intent.side,
      formationId: intent.formationId,
      roll: d6,
      resolve: intent.resolve,
      modifier: intent.modifier,
      passed: willCheckPasses(d6, intent.resolve, intent.modifier),
      rolledBy: intent.roll === null ? 'app' : 'table',
    });
  },
  'use-ability': useAbility,
  strike: (_s, intent, { events }) => {
    const target = events.find((e) => e.id === intent.eventId);
    if (!target) throw new AppError('NOT_FOUND', 'That event is not in this battle.', { path: ['eventId'] });
    if (target.struck) throw new AppError('CONFLICT', 'That event is already struck out.', { path: ['eventId'] });
    if (!STRIKABLE_KINDS.includes(target.body.kind))
      throw new AppError('RULE_VIOLATION', 'Dice rolls and phase steps stay in the record; correct them with a note or a ruling.', { path: ['eventId'] });
    return [{ body: { kind: 'correction.strike', targetEventId: intent.eventId, reason: intent.reason }, correctsEventId: intent.eventId }];
  },
};

export function resolveIntent(
  s: BattleState,
  intent: BattleIntent,
  rules: BattleRules,
  roll: RollDie,
  events: readonly { id: string; body: BattleEventBody; struck: boolean }[],
): ResolvedEvent[] {
  return (INTENT_HANDLERS[intent.kind] as IntentHandler<IntentKind>)(s, intent, { rules, roll, events });
}

import { cryptidTurn, behaviourForRoll, entryForRoll, provinceSlot, rolloffHigher, rolloffLower, rolloffWellFormed, startingWounds } from '../cryptid';
import { cryptidTieRolloffRefusal } from '../cryptid-tie';
import { violation, type EventHandlers } from './handler';
import { currentRound, formationThatMay, IN_ROUND, requirePhase, woundCryptid } from './lookups';
import { startActivations } from './round-flow';

/** The round-two event (DIGEST §12) and the cryptid it may bring (DIGEST §13). */
export const eventCryptidHandlers: Pick<EventHandlers, 'event.resolved' | 'cryptid.act' | 'cryptid.wound' | 'cryptid.trophy' | 'cryptid.tieRolloff'> = {
  'cryptid.tieRolloff': (s, b, { rules }) => {
    const refusal = cryptidTieRolloffRefusal(s, rules);
    if (refusal) throw violation(refusal);
    if (!rolloffWellFormed(b.rolls) || rolloffHigher(b.rolls) !== b.winner)
      throw violation('The higher roll wins the roll-off; ties reroll (DIGEST AMB-20).', ['rolls']);
    s.cryptid!.tieRolloff = { rolls: b.rolls.map(([x, y]) => [x, y]), winner: b.winner };
  },

  'event.resolved': (s, b, { rules, mission }) => {
    requirePhase(s, 'event');
    if (mission?.guaranteedCryptid) {
      if (b.d20 !== null || b.outcome !== 'cryptid')
        throw violation(`Mission ${mission.number} has a guaranteed cryptid: no D20 is rolled (DIGEST AMB-08).`, ['d20']);
    } else {
      if (b.d20 === null) throw violation('Roll the event D20.', ['d20']);
      const e = rules.environmentEvent;
      const expected = b.d20 >= e.cryptid.min && b.d20 <= e.cryptid.max ? 'cryptid' : 'storm';
      if (expected !== b.outcome) throw violation(`A D20 of ${b.d20} brings a ${expected} (DIGEST 12.2).`, ['outcome']);
    }
    s.event = { resolved: true, d20: b.d20, outcome: b.outcome };
    if (b.outcome === 'cryptid') {
      const c = b.cryptid;
      if (!c) throw violation('A cryptid event needs its creature.', ['cryptid']);
      const province = rules.provinces.find((p) => p.id === s.provinceId);
      if (!province) throw violation('The battle has no province to draw a cryptid from.');
      if (province.cryptids[provinceSlot(c.slotRoll)] !== c.cryptidId)
        throw violation(`A D6 of ${c.slotRoll} gives another creature on ${province.name}’s table (DIGEST 13.2).`, ['cryptid', 'cryptidId']);
      const creature = rules.cryptids.find((x) => x.id === c.cryptidId);
      if (!creature) throw violation(`Unknown cryptid ${c.cryptidId}.`, ['cryptid', 'cryptidId']);
      if (mission?.cryptidEntry) {
        if (c.entryRoll !== null || c.entryId !== mission.cryptidEntry)
          throw violation('The scenario names the entry point; no roll (DIGEST 13.3).', ['cryptid', 'entryId']);
      } else if (c.entryRoll === null || entryForRoll(rules.cryptidRules, c.entryRoll).id !== c.entryId) {
        throw violation('The entry point comes from the D6 (DIGEST 13.3).', ['cryptid', 'entryId']);
      }
      const wounds = startingWounds(rules.cryptidRules, creature.class);
      if (c.startingWounds !== wounds) throw violation(`${creature.name} starts with ${wounds} Wounds (DIGEST 13.10).`, ['cryptid', 'startingWounds']);
      s.cryptid = {
        cryptidId: creature.id,
        name: creature.name,
        startingWounds: wounds,
        remaining: wounds,
        enraged: false,
        engaged: false,
        entryId: c.entryId,
        spawnedRound: s.round,
        defeated: false,
        trophyClaimedBy: null,
        credited: { A: 0, B: 0 },
        lastTarget: null,
        tieRolloff: null,
        lastBehaviourId: null,
        actedRound: null,
      };
      s.phase = 'cryptid';
    } else {
      if (!b.storm) throw violation('A storm event needs its first scatter.', ['storm']);
      s.storm = { arrivedRound: s.round, scatters: [{ round: s.round, inches: b.storm.scatterInches, direction: b.storm.direction }] };
      currentRound(s).storm = { woundsDealt: 0, scatter: { inches: b.storm.scatterInches, direction: b.storm.direction } };
      startActivations(s);
    }
  },

  'cryptid.act': (s, b, { rules }) => {
    requirePhase(s, 'cryptid');
    const c = s.cryptid!;
    // the engine decides the turn: engaged, no rolls and it strikes first in its combat; else the roll-off and the behaviour D6
    const turn = cryptidTurn(b.engaged, c, null, 0);
    if (!turn.rollsTarget) {
      if (b.rolls || b.behaviourRoll !== null || b.target !== null)
        throw violation('An engaged cryptid skips the target and behaviour rolls (DIGEST 13.7).', ['engaged']);
    } else {
      if (!b.rolls || !rolloffWellFormed(b.rolls) || rolloffLower(b.rolls) !== b.target)
        throw violation('The lower roll is the target army; ties reroll (DIGEST 13.4).', ['rolls']);
      if (b.behaviourRoll === null || behaviourForRoll(rules.cryptidRules, b.behaviourRoll).id !== b.behaviourId)
        throw violation('The behaviour comes from the D6 table (DIGEST 13.8).', ['behaviourId']);
    }
    c.engaged = b.engaged;
    c.strikesFirst = turn.strikesFirst;
    c.lastTarget = b.target;
    c.lastBehaviourId = b.behaviourId;
    c.actedRound = s.round;
    s.activationSerial += 1; // the cryptid's turn is an activation of its own
    currentRound(s).cryptid = { target: b.target, behaviourId: b.behaviourId, engaged: b.engaged, woundsTaken: currentRound(s).cryptid?.woundsTaken ?? 0 };
    startActivations(s);
  },

  'cryptid.wound': (s, b, ctx) => {
    const { rules } = ctx;
    if (!IN_ROUND.includes(s.phase)) throw violation('Cryptid wounds are recorded during a round.');
    const c = s.cryptid;
    if (!c || c.defeated) throw violation('There is no cryptid on the table to wound.');
    if ((b.side === null) !== (b.formationId === null)) throw violation('Name both the side and the formation, or neither.', ['formationId']);
    // credit goes only to a formation on the table (formation-life.ts); damage credited to no one still counts (AMB-04)
    const f = b.side && b.formationId ? formationThatMay(s, b.side, b.formationId, 'credit-cryptid', ctx) : null;
    woundCryptid(s, c, b.amount, rules.options.enragedThreshold, b.side && f ? { side: b.side, formation: f } : null);
  },

  'cryptid.trophy': (s, b, ctx) => {
    const { rules } = ctx;
    const c = s.cryptid;
    if (!c || !c.defeated) throw violation('The trophy drops only when the cryptid is defeated (DIGEST 13.16).');
    if (c.trophyClaimedBy) throw violation('The trophy has already been claimed.');
    formationThatMay(s, b.side, b.formationId, 'claim-trophy', ctx);
    const creature = rules.cryptids.find((x) => x.id === c.cryptidId);
    c.trophyClaimedBy = b.side;
    s.sides[b.side].trophies.push({
      cryptidId: c.cryptidId,
      trophyId: creature?.trophy.id ?? `${c.cryptidId}-trophy`,
      trophyName: creature?.trophy.name ?? 'Trophy',
      formationId: b.formationId,
      disposition: b.disposition,
    });
  },
};

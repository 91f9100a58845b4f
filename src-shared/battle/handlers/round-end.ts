import { counted } from '../../naming';
import { modelsLeft, patrolActive } from '../bag';
import { LAST_ROUND } from '../setup';
import { bandWounds, stormWounds } from '../storm';
import { holderFormations, holderRefusal, holderSide } from '../uncloak';
import { violation, type EventHandlers } from './handler';
import { currentRound, formationOf, requirePhase, sideIndex } from './lookups';
import { startRound } from './round-flow';

/** The end of a round: objectives score, the storm and Instability wound, then the next round begins (DIGEST 5.2 step 7). */
export const roundEndHandlers: Pick<EventHandlers, 'round.end'> = {
  'round.end': (s, b, { ev, rules }) => {
    requirePhase(s, 'end-of-round');
    const r = currentRound(s);
    const objectives = s.objectives ?? 0;
    if (b.holders.length !== objectives) throw violation(`Say who holds each of the ${objectives} objectives (or nobody).`, ['holders']);
    // Nothing scores in round 1 (DIGEST 4.6); holders are still kept for the record.
    const sides = b.holders.map(holderSide);
    if (s.round >= 2) {
      sides.forEach((h, i) => {
        if (h !== null && patrolActive(s.patrols[i]!))
          throw violation(`Objective ${i + 1} is still guarded by its patrol: only a cleared objective scores (DIGEST 4.6).`, ['holders', i]);
      });
      // an uncloaked patrol cannot score on its arrival round, nor one still in reserve (uncloak.ts)
      b.holders.forEach((h, i) => {
        const why = holderRefusal(s, h);
        if (why) throw violation(`Objective ${i + 1}: ${why}`, ['holders', i]);
      });
      for (const h of sides) if (h) r.vp[h] += 1;
    }
    r.holders = sides;
    r.holding = b.holders.map(holderFormations);
    if (b.storm.length && !s.storm) throw violation('There is no storm on the table.', ['storm']);
    let stormTotal = 0;
    for (const [i, e] of b.storm.entries()) {
      const f = formationOf(s, e.side, e.formationId);
      if (e.modelsInside > modelsLeft(f)) throw violation(`${f.name} has only ${counted(modelsLeft(f), 'model')}.`, ['storm', i, 'modelsInside']);
      try {
        stormTotal += stormWounds(e, rules.storm);
      } catch (err) {
        throw violation((err as Error).message, ['storm', i]);
      }
    }
    if (s.storm) r.storm = { woundsDealt: stormTotal, scatter: r.storm?.scatter ?? null };
    for (const [i, x] of b.instability.entries()) {
      const snap = s.setup.sides[sideIndex(x.side)].formations.find((f) => f.id === x.formationId);
      if (!snap || snap.endOfRoundD20.length === 0) throw violation('Only a formation with an end-of-round D20 rule rolls for it.', ['instability', i]);
      if (bandWounds(snap.endOfRoundD20, x.roll) !== x.wounds)
        throw violation(`A D20 of ${x.roll} means ${counted(bandWounds(snap.endOfRoundD20, x.roll), 'Wound')}.`, ['instability', i]);
      r.instabilityWounds += x.wounds;
    }
    // Abilities declared this round reach their expiry at the latest here (DIGEST §10 table).
    for (const a of r.abilities) r.expired.push(rules.captainAbilities.find((x) => x.id === a.abilityId)?.name ?? a.abilityId);
    r.endedAt = ev.at;
    if (s.round >= LAST_ROUND) {
      s.phase = 'over';
    } else {
      startRound(s, s.round + 1, ev.at);
      if (b.stormScatter && s.storm) {
        s.storm.scatters.push({ round: s.round, inches: b.stormScatter.inches, direction: b.stormScatter.direction });
        currentRound(s).storm = { woundsDealt: 0, scatter: { ...b.stormScatter } };
      }
    }
  },
};

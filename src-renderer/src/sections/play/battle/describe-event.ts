import { TRACKED_ABILITIES } from '../../../../../src-shared/battle/abilities';
import type { BattleEvent } from '../../../../../src-shared/battle/events';
import type { BattleSetup } from '../../../../../src-shared/battle/setup';
import { holderFormations, holderSide } from '../../../../../src-shared/battle/uncloak';

/** One line per recorded event, in the table's words, for the record beside the round screen. */
export function describeEvent(e: BattleEvent, setup: BattleSetup): string {
  const who = (s: 'A' | 'B' | null) => (s ? setup.sides[s === 'A' ? 0 : 1].playerName : 'nobody');
  const fname = (s: 'A' | 'B', id: string) => setup.sides[s === 'A' ? 0 : 1].formations.find((f) => f.id === id)?.name ?? id;
  const b = e.body;
  switch (b.kind) {
    case 'setup.scenario':
      return `Scenario chosen (province ${b.provinceId}${b.campaignGame ? `, campaign game ${b.campaignGame}` : ''})`;
    case 'setup.terrain':
      return `${b.objectives} objectives placed, each with a mutant patrol`;
    case 'setup.rolloff':
      return `Deployment roll-off ${b.rolls.map(([x, y]) => `${x}–${y}`).join(', ')}: ${who(b.winner)} chooses the edge`;
    case 'setup.deployed':
      return `Deployed${b.reserves.A.length + b.reserves.B.length ? `; in reserve: ${[...b.reserves.A.map((id) => fname('A', id)), ...b.reserves.B.map((id) => fname('B', id))].join(', ')}` : ''}`;
    case 'command.ability':
      return `${who(b.side)} declares ${b.abilityId}`;
    case 'command.rolloff':
      return `Declaration roll-off ${b.rolls.map(([x, y]) => `${x}–${y}`).join(', ')}: ${who(b.first)} first`;
    case 'command.order':
      return `${who(b.side)}: ${b.orderId} to ${fname(b.side, b.formationId)}${
        b.reach
          ? b.reach.relay.length
            ? ` (relayed by ${b.reach.relay.map((id) => setup.sides[b.side === 'A' ? 0 : 1].officers.find((o) => o.id === id)?.name ?? id).join(', ')}; ${b.reach.links.join('", ')}")`
            : ` (${b.reach.links[0]}" from the Captain)`
          : ''
      }`;
    case 'command.done':
      return 'Command Phase done';
    case 'event.resolved':
      return b.d20 === null
        ? `Guaranteed cryptid: ${b.cryptid?.cryptidId}`
        : `Event D20 ${b.d20}: ${b.outcome === 'cryptid' ? `cryptid ${b.cryptid?.cryptidId}` : 'radiation storm'}`;
    case 'cryptid.act':
      return b.engaged
        ? 'Cryptid engaged: attacks first'
        : `Cryptid targets ${who(b.target)} (${b.rolls?.map(([x, y]) => `${x}–${y}`).join(', ')}), behaviour ${b.behaviourRoll}: ${b.behaviourId}`;
    case 'cryptid.wound':
      return `${b.amount} Wound(s) to the cryptid by ${b.side && b.formationId ? fname(b.side, b.formationId) : 'nobody'} (${b.attack})`;
    case 'cryptid.tieRolloff':
      return `Roll-off for tied cryptid damage ${b.rolls.map(([x, y]) => `${x}–${y}`).join(', ')}: ${who(b.winner)} takes first place`;
    case 'cryptid.trophy':
      return `Trophy claimed by ${fname(b.side, b.formationId)} (${b.disposition})`;
    case 'bag.draw':
      return b.owner === 'neutral' ? 'Drew a mutant token' : `Drew ${who(b.owner)}’s token`;
    case 'bag.activate':
      return `Activated ${formationLabel(setup, b.formationId)}`;
    case 'bag.pass':
      return 'Spent a Pass token';
    case 'morale.willCheck':
      return `Will check for ${fname(b.side, b.formationId)}: natural ${b.roll} +${b.modifier} against Resolve ${b.resolve}+, ${b.passed ? 'passed, activates' : 'failed, Broken and withdrawing'}${b.rolledBy === 'app' ? ' (rolled by the app)' : ''}`;
    case 'gambit':
      return `${who(b.side)} uses ${b.gambitId}${b.formationId ? ` for ${fname(b.side, b.formationId)}` : ''}`;
    case 'uncloak':
      return `${fname(b.side, b.formationId)} Uncloaks`;
    case 'record.wounds':
      return `${fname(b.side, b.formationId)} dealt ${b.amount} Wound(s)${b.friendly ? ' to its own side (into an allied melee)' : ''}, ${b.attack}`;
    case 'record.casualties':
      return `${fname(b.side, b.formationId)}: ${b.killed} killed, ${b.retreated} retreated${b.captain ? ' (the Captain among them)' : ''}`;
    case 'mutant.kill':
      return `${b.count} mutant(s) at objective ${b.objective + 1} killed by ${who(b.side)}`;
    case 'record.vp':
      return `${who(b.side)} +${b.amount} VP (${b.source})`;
    case 'record.veteranSix':
      return `${fname(b.side, b.formationId)} spends a Veteran Six${b.pool ? ` on a ${b.pool} roll` : ''}`;
    case 'record.cryptidDie':
      return `${who(b.side)} spends a Cryptid Die`;
    case 'record.trophyUsed':
      return `${who(b.side)} uses the banked trophy ${b.trophyName}`;
    case 'record.ruling':
      return `${b.ruling === 'disputed' ? 'Disputed' : 'Confusing'} ruling (${b.ruleRef}): ${b.text}`;
    case 'record.note':
      return b.text;
    case 'round.end':
      return `Round ended; objectives: ${b.holders
        .map((h, i) => {
          const sd = holderSide(h);
          const named = holderFormations(h).map((id) => fname(sd!, id));
          return `${i + 1} ${sd ? `${who(sd)}${named.length ? ` (${named.join(', ')})` : ''}` : '—'}`;
        })
        .join(
          ', ',
        )}${b.storm.length ? '; storm exposure rolled' : ''}${b.instability.length ? `; Instability D20 ${b.instability.map((x) => x.roll).join(', ')}` : ''}`;
    case 'heavy.explosion': {
      const what = (t: (typeof b.targets)[number]['target']) =>
        t.kind === 'formation' ? fname(t.side, t.formationId) : t.kind === 'patrol' ? `mutants at objective ${t.objective + 1}` : 'the cryptid';
      const hits = b.targets.map(
        (t) => `${what(t.target)} D3 ${t.rolls.join(', ')}${t.saveRolls.length ? ` (Saves ${t.saveRolls.join(', ')})` : ''}: ${t.wounds} W`,
      );
      return `${fname(b.side, b.formationId)} explodes${hits.length ? ` — ${hits.join('; ')}` : ', nothing within 3"'}${b.entered ? ' (rolled at the table)' : ''}`;
    }
    case 'rule.cool': {
      const by = b.officerId ? (setup.sides[b.side === 'A' ? 0 : 1].officers.find((o) => o.id === b.officerId)?.name ?? b.officerId) : 'the Captain';
      return `${who(b.side)}: Rule of Cool by ${by}${b.response ? ' in response' : ''} (${b.category}: ${b.agreed}), D20 ${b.d20}${b.moveD6 !== null ? `, D6 ${b.moveD6}"` : ''}${b.entered ? ' (rolled at the table)' : ''}`;
    }
    case 'ability.use':
      return `${fname(b.side, b.formationId)} uses ${TRACKED_ABILITIES[b.abilityId]?.name ?? b.abilityId}${b.roll !== null ? `: D6 ${b.roll}, ${b.regained ? `regains ${b.regained} Wound` : 'no repair'}` : ''}${b.entered ? ' (rolled at the table)' : ''}`;
    case 'officer.repost': {
      const o = setup.sides[b.side === 'A' ? 0 : 1].officers.find((x) => x.id === b.officerId)?.name ?? b.officerId;
      return `${o} re-posted ${b.to ? `to ${fname(b.side, b.to)}` : 'to the command group'} from the next round`;
    }
    case 'correction.strike':
      return `Struck out an entry${b.reason ? ` (${b.reason})` : ''}`;
  }
}

/** A formation with its player's name (both armies have a command group), or the mutant patrol at its objective. */
export function formationLabel(setup: BattleSetup, id: string): string {
  for (const side of setup.sides) {
    const f = side.formations.find((x) => x.id === id);
    if (f) return `${f.name} (${side.playerName})`;
  }
  return id.replace('patrol-', 'the mutant patrol at objective ');
}

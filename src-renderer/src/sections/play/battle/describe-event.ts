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

/**
 * One line per recorded event, in the table's words, for the record beside the round screen: every province,
 * order, gambit, ability, creature and behaviour by its name from the pack, every roll-off by whose roll is whose.
 */
export function describeEvent(e: BattleEvent, setup: BattleSetup, pack: RecordNames | null, ctx: RecordContext = {}): string {
  const who = (s: 'A' | 'B' | null) => (s ? setup.sides[s === 'A' ? 0 : 1].playerName : 'nobody');
  const [nameA, nameB] = [setup.sides[0].playerName, setup.sides[1].playerName];
  const rolls = (pairs: readonly (readonly [number, number])[]) => pairs.map(([x, y]) => `${nameA} ${x}, ${nameB} ${y}`).join('; then ');
  const cryptidName = (id: string | undefined) => named(pack?.cryptids, id);
  // a formation with its player, "Core squad 1 (Layla)", so a line read aloud at the table says whose it is
  const bare = (s: 'A' | 'B', id: string) => setup.sides[s === 'A' ? 0 : 1].formations.find((f) => f.id === id)?.name ?? id;
  const fname = (s: 'A' | 'B', id: string) => `${bare(s, id)} (${setup.sides[s === 'A' ? 0 : 1].playerName})`;
  const b = e.body;
  switch (b.kind) {
    case 'setup.scenario':
      return `Scenario chosen (province: ${named(pack?.provinces, b.provinceId)}${b.campaignGame ? `, campaign game ${b.campaignGame}` : ''})${
        b.secondary ? `; secondary objective agreed: ${b.secondary}` : ''
      }`;
    case 'setup.terrain':
      return `${b.objectives} objectives placed, each with a mutant patrol`;
    case 'setup.rolloff':
      return `Deployment roll-off (${rolls(b.rolls)}): ${who(b.winner)} chooses the edge`;
    case 'setup.deployed':
      return `Deployed${b.reserves.A.length + b.reserves.B.length ? `; in reserve: ${[...b.reserves.A.map((id) => fname('A', id)), ...b.reserves.B.map((id) => fname('B', id))].join(', ')}` : ''}`;
    case 'command.ability':
      return `${who(b.side)} declares ${named(pack?.captainAbilities, b.abilityId)}`;
    case 'command.rolloff':
      return `Declaration roll-off (${rolls(b.rolls)}): ${who(b.first)} declares first`;
    case 'command.order':
      return `${who(b.side)}: ${named(pack?.orders, b.orderId)} to ${fname(b.side, b.formationId)}${
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
        ? `Guaranteed cryptid: ${cryptidName(b.cryptid?.cryptidId)}`
        : `Event D20 ${b.d20}: ${b.outcome === 'cryptid' ? `the cryptid ${cryptidName(b.cryptid?.cryptidId)}` : 'radiation storm'}`;
    case 'cryptid.act':
      return b.engaged
        ? 'Cryptid engaged: attacks first'
        : `Cryptid targets ${who(b.target)} (lower roll: ${rolls(b.rolls ?? [])}), behaviour D6 ${b.behaviourRoll}: ${named(pack?.cryptidRules.behaviour, b.behaviourId)}`;
    case 'cryptid.wound': {
      // only what it had left is taken (event-cryptid.ts): the line says so when more was dealt
      const left = ctx.cryptidLeft;
      const taken = left !== undefined ? Math.min(b.amount, left) : b.amount;
      const by = b.side && b.formationId ? fname(b.side, b.formationId) : 'nobody';
      return `${counted(taken, 'Wound')} to the cryptid by ${by} (${b.attack})${taken < b.amount ? `: ${b.amount} dealt, only ${left} left to take` : ''}`;
    }
    case 'cryptid.tieRolloff':
      return `Roll-off for tied cryptid damage (${rolls(b.rolls)}): ${who(b.winner)} takes first place`;
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
      return `${who(b.side)} uses ${named(pack?.gambits, b.gambitId)}${b.formationId ? ` for ${fname(b.side, b.formationId)}` : ''}`;
    case 'uncloak':
      return `${fname(b.side, b.formationId)} Uncloaks`;
    case 'record.wounds':
      return `${fname(b.side, b.formationId)} dealt ${counted(b.amount, 'Wound')}${b.friendly ? ' to its own side (into an allied melee)' : ''}, ${b.attack}`;
    case 'record.casualties':
      return `${fname(b.side, b.formationId)}: ${b.killed} killed, ${b.retreated} retreated${b.captain ? ' (the Captain among them)' : ''}`;
    case 'mutant.kill':
      return `${counted(b.count, 'mutant')} at objective ${b.objective + 1} killed by ${b.side ? who(b.side) : 'the cryptid or the storm'}`;
    case 'record.vp':
      return `${who(b.side)} +${b.amount} VP (${nameOf(VP_SOURCE_NAMES, b.source)})`;
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
          // the player is named already, before the formations holding it
          const named = holderFormations(h).map((id) => bare(sd!, id));
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
      return `${fname(b.side, b.formationId)} uses ${TRACKED_ABILITIES[b.abilityId]?.name ?? b.abilityId}${b.roll !== null ? `: D6 ${b.roll}, ${b.regained ? `regains ${b.regained} Wound` : 'no repair'}` : ''}${b.split ? `: the Sacristan takes ${counted(b.split.sacristan, 'Wound')}, the fighter ${b.split.fighter}` : ''}${b.entered ? ' (rolled at the table)' : ''}`;
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

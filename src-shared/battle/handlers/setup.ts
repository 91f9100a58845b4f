import { rolloffHigher, rolloffWellFormed } from '../cryptid';
import { violation, type EventHandlers } from './handler';
import { formationOf, requirePhase, sideIndex } from './lookups';
import { startRound } from './round-flow';
import { holdInReserve } from '../formation-life';
import { missionVariantsOf } from '../mission';

/** Setting up the battle, in the order of DIGEST 4.1: scenario, terrain, deployment roll-off, deployment. */
export const setupHandlers: Pick<EventHandlers, 'setup.scenario' | 'setup.terrain' | 'setup.rolloff' | 'setup.deployed'> = {
  'setup.scenario': (s, b, { rules }) => {
    requirePhase(s, 'scenario');
    if (!rules.provinces.some((p) => p.id === b.provinceId)) throw violation(`Unknown province ${b.provinceId}.`, ['provinceId']);
    if (s.setup.mode === 'campaign' && b.campaignGame !== s.setup.mission)
      throw violation(`A campaign battle is campaign game ${s.setup.mission}, the campaign's next mission.`, ['campaignGame']);
    const variantId = b.variantId ?? null;
    if (variantId !== null) {
      const offered = missionVariantsOf(rules, b.provinceId, s.setup.mission);
      if (!offered.some((v) => v.id === variantId)) {
        const province = rules.provinces.find((p) => p.id === b.provinceId)!.name;
        throw violation(
          s.setup.mission === null
            ? 'A province’s mission variant needs a mission: this game plays none.'
            : `${province} has no such variant of Mission ${s.setup.mission}${offered.length ? `: choose ${offered.map((v) => v.name).join(' or ')}, or the mission as written` : ''}.`,
          ['variantId'],
        );
      }
    }
    s.provinceId = b.provinceId;
    s.missionVariantId = variantId;
    s.campaignGame = b.campaignGame;
    s.secondaryObjective = b.secondary;
    s.phase = 'terrain';
  },

  'setup.terrain': (s, b, { mission }) => {
    requirePhase(s, 'terrain');
    if (mission && s.setup.mode === 'campaign' && b.objectives !== mission.objectives)
      throw violation(`Mission ${mission.number} is played with ${mission.objectives} objectives.`, ['objectives']);
    s.objectives = b.objectives;
    s.patrols = Array.from({ length: b.objectives }, (_, objective) => ({ objective, dead: 0, fled: false, killsBy: { A: 0, B: 0, none: 0 } }));
    s.phase = 'rolloff';
  },

  'setup.rolloff': (s, b) => {
    requirePhase(s, 'rolloff');
    if (!rolloffWellFormed(b.rolls) || rolloffHigher(b.rolls) !== b.winner)
      throw violation('The deployment roll-off goes to the higher roll, ties rerolled (DIGEST 4.1, AMB-20).', ['rolls']);
    s.deploymentRolls = b.rolls.map(([x, y]) => [x, y]);
    s.deploymentWinner = b.winner;
    s.phase = 'deployment';
  },

  'setup.deployed': (s, b, { ev }) => {
    requirePhase(s, 'deployment');
    for (const side of ['A', 'B'] as const) {
      for (const id of b.reserves[side]) {
        const f = formationOf(s, side, id);
        const snap = s.setup.sides[sideIndex(side)].formations.find((x) => x.id === id)!;
        if (f.slot !== 'skirmisher' || !snap.reserveEligible)
          throw violation(`${f.name} cannot start in reserve: only a 3-model Skirmisher patrol may (DIGEST 11.1).`, ['reserves', side]);
        holdInReserve(f);
      }
    }
    s.firstEventAt ??= ev.at;
    startRound(s, 1, ev.at);
  },
};

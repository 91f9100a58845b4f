/**
 * Crossover games (Field Manual §13; DIGEST 18.3–18.5, AMB-24): a campaign
 * veteran against someone from outside their campaign. Each condition that
 * fails is named, so the organiser sees what to change.
 */

type CrossoverFailureCode = 'MISSION_LEVEL' | 'FIELDED_POINTS' | 'GUEST_POINTS' | 'VETERAN_SIXES' | 'MODULE_MISMATCH';

interface CrossoverFailure {
  code: CrossoverFailureCode;
  message: string;
}

export interface CrossoverSide {
  name: string;
  /** Null for a one-off guest with a fresh force. */
  campaignMission: number | null;
  fieldedPoints: number;
  /** Veteran Sixes the side holds for this battle (from its campaign's ranks). */
  veteranSixesHeld: number;
  /** Veteran Sixes the side will use; must equal the other side's, or both zero. */
  veteranSixesUsed: number;
  /** The optional alternating-activation module of the side's campaign (DIGEST §23). */
  altActivationModule?: boolean;
}

export interface CrossoverCheck {
  ok: boolean;
  kind: 'veteran-vs-veteran' | 'guest';
  failures: CrossoverFailure[];
  /** The most Veteran Sixes each side may use when matched: the smaller holding. */
  matchedVeteranSixes: number;
}

export function checkCrossover(a: CrossoverSide, b: CrossoverSide): CrossoverCheck {
  const failures: CrossoverFailure[] = [];
  const guest = a.campaignMission === null || b.campaignMission === null;
  if (a.campaignMission === null && b.campaignMission === null) {
    failures.push({ code: 'MISSION_LEVEL', message: 'A crossover needs at least one campaign veteran; two guests play a standalone game.' });
  } else if (!guest && a.campaignMission !== b.campaignMission) {
    failures.push({
      code: 'MISSION_LEVEL',
      message: `Both veterans must be at the same mission level: ${a.name} is at mission ${a.campaignMission}, ${b.name} at mission ${b.campaignMission}.`,
    });
  }
  if (guest) {
    const [vet, g] = a.campaignMission === null ? [b, a] : [a, b];
    if (g.fieldedPoints !== vet.fieldedPoints)
      failures.push({
        code: 'GUEST_POINTS',
        message: `A guest's fresh force must be exactly ${vet.fieldedPoints} points, the veteran's deployed army; ${g.name} fields ${g.fieldedPoints}.`,
      });
  } else if (a.fieldedPoints !== b.fieldedPoints) {
    failures.push({
      code: 'FIELDED_POINTS',
      message: `Both sides must field matched points: ${a.name} fields ${a.fieldedPoints}, ${b.name} fields ${b.fieldedPoints}.`,
    });
  }
  const matched = Math.min(a.veteranSixesHeld, b.veteranSixesHeld);
  if (a.veteranSixesUsed !== b.veteranSixesUsed) {
    failures.push({
      code: 'VETERAN_SIXES',
      message: `Veteran Sixes must be matched in quantity or switched off for both: ${a.name} would use ${a.veteranSixesUsed}, ${b.name} ${b.veteranSixesUsed}.`,
    });
  } else if (a.veteranSixesUsed !== matched && a.veteranSixesUsed !== 0) {
    // AMB-24: "both sides use min(a, b), or both use 0", never some smaller equal pair
    failures.push({
      code: 'VETERAN_SIXES',
      message: `Matched Veteran Sixes are the smaller holding or none: ${matched} each, or 0 for both (not ${a.veteranSixesUsed}).`,
    });
  }
  if ((a.altActivationModule ?? false) !== (b.altActivationModule ?? false)) {
    failures.push({
      code: 'MODULE_MISMATCH',
      message: 'Both sides must use the same activation rules: one campaign plays with the alternating-activation house rule and the other does not.',
    });
  }
  return { ok: failures.length === 0, kind: guest ? 'guest' : 'veteran-vs-veteran', failures, matchedVeteranSixes: matched };
}

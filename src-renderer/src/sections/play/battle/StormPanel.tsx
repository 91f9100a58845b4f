import { List, Text } from '@mantine/core';
import { PanelCard } from '../../../components/PanelCard';
import { scatterAsSeenBy } from '../../../../../src-shared/battle/storm';
import type { BattleHook } from '../useBattle';

/** The radiation storm: where it drifted this round, and what it does, in the pack's numbers. */
export function StormPanel({ b }: { b: BattleHook }) {
  const s = b.state!;
  const rule = b.pack!.storm;
  if (!s.storm) return null;
  // left, right and the scatter arrows are read as the deployment roll-off's winner sees the table (DIGEST AMB-21)
  const viewer = s.deploymentWinner ?? 'A';
  const viewerName = b.battle.data!.setup.sides[viewer === 'A' ? 0 : 1].playerName;
  const drift = s.storm.scatters.filter((x) => x.round === s.round);
  return (
    <PanelCard label="Radiation storm" title="Radiation storm">
      <Text mb="xs">
        {drift.length
          ? `This round it drifts ${drift.map((x) => `${x.inches}" towards ${scatterAsSeenBy(x.direction, viewer)}`).join(', then ')} (directions as ${viewerName}, who won the deployment roll-off, sees the table).`
          : `It arrived in round ${s.storm.arrivedRound}.`}
      </Text>
      <List size="sm">
        <List.Item>Shots through it: {rule.hitModifier} to Hit.</List.Item>
        <List.Item>Shooting into it from outside: Damage −{rule.damageReductionFromOutside}, never below 0.</List.Item>
        <List.Item>Entering or crossing it costs {rule.moveCost}" of Movement, once per move.</List.Item>
        <List.Item>
          End of round: {rule.endOfRoundWounds} Wound to every model inside; protective equipment saves on {rule.protectionRoll}+.
        </List.Item>
      </List>
    </PanelCard>
  );
}

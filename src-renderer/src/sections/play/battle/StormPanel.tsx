import { Card, List, Text, Title } from '@mantine/core';
import { SCATTER_DIRECTIONS } from '../../../../../src-shared/battle/storm';
import type { BattleHook } from '../useBattle';

/** The radiation storm: where it drifted this round, and what it does, in the pack's numbers. */
export function StormPanel({ b }: { b: BattleHook }) {
  const s = b.state!;
  const rule = b.pack!.storm;
  if (!s.storm) return null;
  const drift = s.storm.scatters.filter((x) => x.round === s.round);
  return (
    <Card withBorder padding="md" component="section" aria-label="Radiation storm">
      <Title order={2} size="h4" mb="xs">
        Radiation storm
      </Title>
      <Text mb="xs">
        {drift.length
          ? `This round it drifts ${drift.map((x) => `${x.inches}" towards ${SCATTER_DIRECTIONS[x.direction - 1]}`).join(', then ')} (directions as side A sees the table).`
          : `It arrived in round ${s.storm.arrivedRound}.`}
      </Text>
      <List size="sm">
        <List.Item>Shots through it: {rule.hitModifier} to Hit.</List.Item>
        <List.Item>Shooting into it from outside: Damage −{rule.damageReductionFromOutside}, never below 0.</List.Item>
        <List.Item>Moving through it costs {rule.moveCost}" extra.</List.Item>
        <List.Item>
          End of round: {rule.endOfRoundWounds} Wound to every model inside; protective equipment saves on {rule.protectionRoll}+.
        </List.Item>
      </List>
    </Card>
  );
}

import { Button, Card, Text, Title } from '@mantine/core';
import type { BattleHook } from '../useBattle';
import { ACTION_COLOR } from '../labels';

/** The round-two event: the app rolls the D20 (1–10 cryptid, 11–20 storm), or Mission 3's guaranteed cryptid arrives. */
export function EventPanel({ b }: { b: BattleHook }) {
  const { pack, act, mission } = b;
  const e = pack!.environmentEvent;
  return (
    <Card withBorder padding="lg" component="section" aria-label="Round-two event">
      <Title order={2} size="h3" mb="xs">
        Round-two event
      </Title>
      <Text mb="md">
        {mission?.guaranteedCryptid
          ? `${mission.variant ? mission.variant.name : `Mission ${mission.number}`} always brings a cryptid: no D20 roll. The app rolls the creature on the province table and its entry point.`
          : `The app rolls a D20 once for this battle: ${e.cryptid.min}–${e.cryptid.max} a cryptid appears, ${e.storm.min}–${e.storm.max} a radiation storm.`}
      </Text>
      <Button color={ACTION_COLOR} size="xl" fullWidth loading={act.isPending} onClick={() => act.mutate({ kind: 'resolve-event' })}>
        {mission?.guaranteedCryptid ? 'Bring on the cryptid' : 'Roll the event'}
      </Button>
    </Card>
  );
}

import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { RosterDetail } from '../../../../src-shared/contract/rosters.contract';

/**
 * A campaign roster's allowance beside the opponent's (DIGEST AMB-22).
 * Allowances part ways from Mission 2; unequal armies are legal unless the
 * campaign pinned "match lower allowance", and then both are held to the
 * lower figure, which this panel marks as the one in force.
 */
export function AllowanceCompare({ detail }: { detail: RosterDetail }) {
  const { allowances, allowance, summary } = detail;
  if (!allowances.opponent) return null;
  const rows = [
    { who: summary.playerName, label: 'this roster', value: allowances.own },
    { who: allowances.opponent.playerName, label: 'opponent', value: allowances.opponent.allowance },
  ];
  return (
    <div role="group" aria-label="Campaign allowances">
      <SimpleGrid cols={2} spacing="xs" mt="sm">
        {rows.map((r) => {
          const inForce = allowances.matchLower ? r.value === allowance : r.label === 'this roster';
          return (
            <Paper key={r.label} withBorder p="xs" radius="sm" data-testid={`allowance-${r.label === 'opponent' ? 'opponent' : 'own'}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">
                  {r.who}{' '}
                  <Text span c="dimmed" size="sm">
                    ({r.label})
                  </Text>
                </Text>
                {inForce && allowances.matchLower && (
                  <Badge size="sm" variant="outline" color="teal.9">
                    in force
                  </Badge>
                )}
              </Group>
              <Text fw={600}>{r.value} pts</Text>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4} data-testid="allowance-rule">
        {allowances.matchLower
          ? `This campaign plays the house option “match lower allowance”: both armies are checked against ${allowance} pts.`
          : 'Each army is checked against its own player’s allowance; unequal armies are legal.'}
      </Text>
    </div>
  );
}

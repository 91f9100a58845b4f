import { Group, Progress, Text } from '@mantine/core';
import { ProvisionalMark } from '../../components/ProvisionalMark';

/** Spent, left and allowance at a glance; red once the warband costs more than it may. */
export function PointsBar({ spent, allowance, models, provisional = false }: { spent: number; allowance: number; models: number; provisional?: boolean }) {
  const left = allowance - spent;
  const over = left < 0;
  const pct = allowance > 0 ? Math.min(100, (spent / allowance) * 100) : 100;
  return (
    <div role="group" aria-label="Points">
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600} data-testid="points-spent">
            {spent} / {allowance} pts
          </Text>
          {provisional && <ProvisionalMark what="Points spent: some rest on a provisional cost" />}
        </Group>
        <Text size="sm" c={over ? 'red.8' : 'dimmed'} data-testid="points-left">
          {over ? `${-left} over the allowance` : `${left} left`} · {models} models
        </Text>
      </Group>
      <Progress value={pct} color={over ? 'red' : pct > 90 ? 'yellow' : 'teal'} size="lg" aria-label={`${spent} of ${allowance} points spent`} />
    </div>
  );
}

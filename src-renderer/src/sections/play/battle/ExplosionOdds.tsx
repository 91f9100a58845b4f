import { Group, NumberInput, Table, Text } from '@mantine/core';
import { PanelCard } from '../../../components/PanelCard';
import { useState } from 'react';
import { explosionWoundsOdds } from '../../../../../src-shared/battle/explosion';
import type { RuleOptions } from '../../../../../src-shared/ruleset/options';

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

/**
 * Exact odds of the Wounds one model takes when a Heavy explodes next to it
 * (Field Manual §5: one D3 per model), under the battle's Saves ruling
 * (DIGEST AMB-16), capped at the Wounds the model has left.
 */
export function ExplosionOdds({ ruling }: { ruling: RuleOptions['explosionSaves'] }) {
  const [wounds, setWounds] = useState<number | string>(1);
  const [save, setSave] = useState<number | string>('');
  const odds = explosionWoundsOdds({ wounds: Math.max(1, Number(wounds) || 1), save: save === '' ? null : Number(save) }, ruling);
  return (
    <PanelCard label="Explosion odds" title="Caught in a Heavy explosion" order={3}>
      <Group grow>
        <NumberInput label="Model’s Wounds left" min={1} max={20} value={wounds} onChange={setWounds} />
        <NumberInput label="Model’s Save" min={2} max={6} suffix="+" placeholder="none" value={save} onChange={setSave} />
      </Group>
      <Text size="sm" mt="xs">
        {ruling === 'saves-allowed' ? 'Saves allowed against explosions (this battle’s ruling).' : 'Explosion Wounds are automatic in this battle: no Save.'}
      </Text>
      <Table mt="xs" aria-label="Wounds taken">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Wounds taken</Table.Th>
            <Table.Th>Chance</Table.Th>
            <Table.Th>Exact</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {odds.ways.map((w, k) => (
            <Table.Tr key={k} data-wounds={k}>
              <Table.Td>{k === odds.ways.length - 1 && k < 3 ? `${k} (all it has)` : k}</Table.Td>
              <Table.Td>{pct(odds.probabilities[k]!)}</Table.Td>
              <Table.Td>
                {w}/{odds.outOf}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" data-testid="explosion-expected">
        Expected: {odds.expected.toFixed(2)} Wounds.
      </Text>
    </PanelCard>
  );
}

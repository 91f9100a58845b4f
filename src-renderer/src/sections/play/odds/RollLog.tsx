import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { DieLog, RollResult } from '../../../../../src-shared/dice/roll-attack';
import { TableHead } from '../../../components/TableHead';

const HELPER_TEXT: Record<DieLog['helpedBy'][number], string> = {
  'second-chance': 'Second Chance',
  'cryptid-die': 'Cryptid Die',
  'steady-fire': 'Steady Fire +1',
  'veteran-six': 'Veteran Six',
};

function Die({ d, critical }: { d?: DieLog; critical?: boolean }) {
  if (!d) return <Text c="dimmed">—</Text>;
  const what = d.success ? (critical ? 'critical' : 'pass') : 'fail';
  return (
    <Group gap={4} wrap="nowrap" aria-label={`${d.rerolledFrom ? `rolled ${d.rerolledFrom}, rerolled ` : ''}${d.face}: ${what}`}>
      {d.rerolledFrom !== undefined && (
        <Text span td="line-through" c="dimmed" size="sm">
          {d.rerolledFrom}
        </Text>
      )}
      {/* a die's face never shrinks under its number (a narrow column used to leave 2 px for it): a fixed square,
          filled so its number reads in both themes */}
      <Badge
        color={d.success ? (critical ? 'grape.8' : 'teal.9') : 'gray.7'}
        variant="filled"
        size="lg"
        radius="sm"
        miw={32}
        px={6}
        style={{ flexShrink: 0 }}
        styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
      >
        {d.face}
      </Badge>
      {critical && <Text size="xs">critical</Text>}
      {d.helpedBy.map((h) => (
        <Text key={h} size="xs" c="dimmed">
          {HELPER_TEXT[h]}
        </Text>
      ))}
    </Group>
  );
}

/** Every die of a roll with what it did, attack by attack. */
export function RollLog({ roll }: { roll: RollResult }) {
  const hasFriend = roll.spec.intoAlliedMelee?.friendliesInCombat === true;
  return (
    <Stack gap="xs">
      <Text fw={700} data-testid="roll-total">
        Rolled: {roll.totalDamage} damage
        {roll.selfWounds > 0 && `, ${roll.selfWounds} Wound${roll.selfWounds > 1 ? 's' : ''} to the attacker`}
        {roll.friendlyHits > 0 && `, ${roll.friendlyHits} shot${roll.friendlyHits > 1 ? 's' : ''} into our fighters (${roll.friendlyDamage} damage)`}
        <Text span size="xs" c="dimmed" ml="xs">
          ({roll.dice === 'crypto' ? 'secure dice' : 'seeded dice'})
        </Text>
      </Text>
      <Table withTableBorder fz="sm" aria-label="Dice rolled">
        <TableHead columns={['#', 'Hit', 'Wound', 'Save', 'Damage', ...(hasFriend ? ['Our fighter (Wound, Save)'] : []), 'Notes']} />
        <Table.Tbody>
          {roll.attacks.map((a) => (
            <Table.Tr key={a.index}>
              <Table.Td>{a.index + 1}</Table.Td>
              <Table.Td>
                <Die d={a.hit} critical={a.hit.critical} />
              </Table.Td>
              <Table.Td>
                <Die d={a.wound} />
              </Table.Td>
              <Table.Td>
                <Die d={a.save} />
              </Table.Td>
              <Table.Td fw={700}>
                {a.damage}
                {a.rallyDice && (
                  <Text span size="xs" c="dimmed" ml={4}>
                    (rally {a.rallyDice.join(' ')})
                  </Text>
                )}
              </Table.Td>
              {hasFriend && (
                <Table.Td>
                  {a.friendly ? (
                    <Group gap={4} wrap="nowrap">
                      <Die d={a.friendly.wound} />
                      <Die d={a.friendly.save} />
                      <Text size="sm" fw={700}>
                        {a.friendly.damage}
                      </Text>
                    </Group>
                  ) : (
                    <Text c="dimmed">—</Text>
                  )}
                </Table.Td>
              )}
              <Table.Td>
                <Text size="xs">{a.notes.join('; ')}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

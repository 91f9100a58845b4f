import { List, Stack, Table, Text, Title } from '@mantine/core';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { TableHead } from '../../components/TableHead';

const range = (b: { min: number; max: number }) => (b.min === b.max ? String(b.min) : `${b.min}–${b.max}`);

/** The encounter procedure in the app's own words, with the pack's numbers. */
export function EncounterProcedure({ pack }: { pack: RulesetPack }) {
  const ev = pack.environmentEvent;
  const cr = pack.cryptidRules;
  const guaranteed = pack.missions.filter((m) => m.guaranteedCryptid).map((m) => m.number);
  const s = pack.storm;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          When a cryptid appears
        </Title>
        <List type="ordered" spacing={6} size="sm">
          <List.Item>
            At the start of round {ev.round}, after the Command Phase, roll a D{ev.die} once: {range(ev.cryptid)} brings a cryptid, {range(ev.storm)} a
            radiation storm. Only one event happens in a battle.
            {guaranteed.length > 0 && ` In campaign Mission ${guaranteed.join(', ')} no roll is made: a cryptid always comes.`}
          </List.Item>
          <List.Item>
            Roll a D6 on the battlefield province’s table (1–2 first creature, 3–4 second, 5–6 third). It enters where the mission says, or where the entry roll
            below puts it.
          </List.Item>
          <List.Item>
            Both players roll a D6; the lower roll’s army is its target (reroll ties). Roll its behaviour and resolve it before any player activates.
          </List.Item>
          <List.Item>Each later round, while it is not in combat, roll again for its target and behaviour before player activations.</List.Item>
          <List.Item>While in combat it keeps its target, skips the behaviour roll and strikes first. It is free again when no enemy is within 1″.</List.Item>
          <List.Item>
            It starts with {cr.standardWounds} Wounds ({cr.bossWounds} for Boss-class creatures) and becomes Enraged at half or below. Record the Wounds each
            squad actually deals: every {cr.woundsPerCryptidDie} earn that squad a Cryptid Die for a later encounter, and every squad that wounds it is a
            Cryptid Veteran. In a Cryptid Hunt every full {cr.woundsPerHuntVp} Wounds a player deals score 1 VP.
          </List.Item>
          <List.Item>When it dies it leaves its trophy at the corpse; whoever reaches the marker claims it, not automatically the last attacker.</List.Item>
        </List>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Behaviour (D6)
        </Title>
        <Table fz="sm" withTableBorder aria-label="Behaviour table">
          <TableHead columns={['D6', 'Behaviour', 'Moves', 'What it does']} />
          <Table.Tbody>
            {cr.behaviour.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{range(b)}</Table.Td>
                <Table.Td fw={600}>{b.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{b.move.replace('M+', 'M + ').replace(/(\d)$/, '$1″')}</Table.Td>
                <Table.Td>{b.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Entry point when the mission names none (D6)
        </Title>
        <Table fz="sm" withTableBorder w="auto" aria-label="Entry point table">
          <Table.Tbody>
            {cr.entry.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{range(e)}</Table.Td>
                <Table.Td>{e.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Left and right are seen from the player who won the deployment roll-off.
        </Text>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          The radiation storm instead
        </Title>
        <Text size="sm">
          A {s.templateDiameter}″ template starts at the centre and drifts D{s.scatterDie}″ in a random direction on arrival and every later round. At the end
          of each round every model under it takes {s.endOfRoundWounds} Wound ({s.protectionRoll}+ to avoid it with protective gear). Shots through it take{' '}
          {String(s.hitModifier).replace('-', '−')} to Hit, shots from outside at a model inside lose {s.damageReductionFromOutside} Damage (never below 0), and
          entering or crossing it costs {s.moveCost}″ of Movement, once per move.
        </Text>
      </Stack>
    </Stack>
  );
}

import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { cryptidStartingWounds, enragedAtOrBelow } from '../../../../src-shared/ruleset/lookup';
import { RULE_OPTION_INFO } from '../../../../src-shared/ruleset/options';
import { type Cryptid, type RulesetPack } from '../../../../src-shared/ruleset/schema';
import { isProvisional } from '../../../../src-shared/ruleset/pack-facts';
import { inch, plus, ProvisionalMark, Val } from '../../components/ProvisionalMark';
import { TableHead } from '../../components/TableHead';

const STATS = [
  ['W', String],
  ['M', inch],
  ['Hit', plus],
  ['T', String],
  ['Save', plus],
  ['A', String],
  ['F', String],
  ['D', String],
] as const;

/** One creature's full card: stats, Enraged threshold under the pack's ruling, instinct and trophy. */
export function CryptidCard({ pack, cryptid: c }: { pack: RulesetPack; cryptid: Cryptid }) {
  const start = cryptidStartingWounds(pack, c);
  const enraged = enragedAtOrBelow(start, pack.options.enragedThreshold);
  const ruling = RULE_OPTION_INFO.enragedThreshold.choices.find((x) => x.value === pack.options.enragedThreshold)?.label;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="default" c={c.class === 'boss' ? 'var(--aoa-text-bad)' : undefined}>
          {c.class === 'boss' ? 'Boss-class' : 'Standard'}
        </Badge>
        {isProvisional(c, 'name') && <ProvisionalMark what={`${c.name} name`} />}
      </Group>
      {c.text && (
        <Text size="sm">
          <Val provisional={isProvisional(c, 'text')}>{c.text}</Val>
        </Text>
      )}
      <Table withTableBorder withColumnBorders fz="sm" w="auto" aria-label={`${c.name} stat card`}>
        <TableHead columns={STATS.map(([k]) => ({ label: k, ta: 'center' as const }))} />
        <Table.Tbody>
          <Table.Tr>
            {STATS.map(([k, fmt]) => (
              <Table.Td key={k} ta="center">
                <Val provisional={isProvisional(c, `profile.${k}`)} what={`${c.name} ${k}`} compact>
                  {fmt(c.profile[k])}
                </Val>
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm">
        <b>Enraged</b> at {enraged} Wounds left or fewer (of {start}): +{pack.cryptidRules.enragedExtraAttacks} melee Attack for the rest of the battle.
        <Text span size="xs" c="dimmed">
          {' '}
          Ruling: {ruling}.
        </Text>
      </Text>
      <Stack gap={2}>
        <Title order={4} size="h6">
          Feral instinct: {c.instinct.name} {isProvisional(c, 'instinct') && <ProvisionalMark what={`${c.name} instinct`} />}
        </Title>
        <Text size="sm">
          <i>Condition:</i> {c.instinct.condition}
        </Text>
        <Text size="sm">
          <i>Effect:</i> {c.instinct.text}
        </Text>
      </Stack>
      <Stack gap={2}>
        <Title order={4} size="h6">
          Trophy: {c.trophy.name} {isProvisional(c, 'trophy') && <ProvisionalMark what={`${c.name} trophy`} />}
        </Title>
        <Text size="sm">
          {c.trophy.effect} {c.trophy.oneUse ? 'Used once, in the battle it is claimed or banked for later in the campaign.' : ''}
        </Text>
      </Stack>
    </Stack>
  );
}

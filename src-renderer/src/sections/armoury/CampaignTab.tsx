import { List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type RulesetPack } from '../../../../src-shared/ruleset/schema';
import { isProvisional } from '../../../../src-shared/ruleset/pack-facts';
import { ProvisionalMark, Val } from '../../components/ProvisionalMark';
import { TableHead } from '../../components/TableHead';

const KIND_LABEL = { standard: 'Standard', 'cryptid-hunt': 'Cryptid Hunt', 'relic-recovery': 'Relic Recovery' } as const;
const size = (s: { min: number; max: number }) => (s.min === s.max ? String(s.min) : `${s.min}–${s.max}`);

/** Missions, recruitment limits and the campaign economy as this pack version holds them. */
export function CampaignTab({ pack }: { pack: RulesetPack }) {
  const r = pack.recruitment;
  const e = pack.economy;
  const entry = (id: string | null) => (id ? (pack.cryptidRules.entry.find((x) => x.id === id)?.name ?? id) : 'rolled');
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Missions
        </Title>
        <Table fz="sm" withTableBorder aria-label="Missions">
          <TableHead columns={['#', 'Mission', 'Kind', 'Objectives', 'Relic VP', 'Secondary VP', 'Cryptid', 'Requisition']} />
          <Table.Tbody>
            {pack.missions.map((m) => (
              <Table.Tr key={m.number}>
                <Table.Td>{m.number}</Table.Td>
                <Table.Td>
                  <Val provisional={isProvisional(m, 'name')} what={`Mission ${m.number} name`}>
                    <b>{m.name}</b>
                  </Val>
                  <Text size="xs" c="dimmed">
                    {m.briefing}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Val provisional={isProvisional(m, 'kind')} what={`Mission ${m.number} kind`}>
                    {KIND_LABEL[m.kind]}
                  </Val>
                </Table.Td>
                <Table.Td>
                  <Val provisional={isProvisional(m, 'objectives')} what={`Mission ${m.number} objectives`}>
                    {m.objectives} ({m.objectives * m.mutantsPerObjective} mutants)
                  </Val>
                </Table.Td>
                <Table.Td>{m.relicVp}</Table.Td>
                <Table.Td>{m.secondaryVp}</Table.Td>
                <Table.Td>
                  {m.guaranteedCryptid ? (
                    <Text span size="sm" fw={700} c="red.9">
                      guaranteed
                    </Text>
                  ) : (
                    'event roll'
                  )}
                  <Text size="xs" c="dimmed">
                    entry: {entry(m.cryptidEntry)}
                  </Text>
                </Table.Td>
                <Table.Td>{m.awardsRp ? 'earns RP' : 'finale, no RP'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Recruitment
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>
              {r.captains} Captain and {r.officers} Officers, all compulsory
            </List.Item>
            <List.Item>
              Core squads: {size(r.core)} of {size(r.core.size)} fighters
            </List.Item>
            <List.Item>
              Elite squads: {size(r.elite)} of {size(r.elite.size)} fighters
            </List.Item>
            <List.Item>
              Skirmisher patrols: {size(r.skirmisher)} of {size(r.skirmisher.size)} fighters; Deadshot Sniper +{pack.sniper.cost} points, at most{' '}
              {pack.sniper.maxPerPatrol} per patrol
            </List.Item>
            <List.Item>Heavies: {size(r.heavy)}, one model each</List.Item>
            <List.Item>
              Officers may join {r.officerHostSlots.join(' or ')} squads, at most {r.officersPerHost} per squad
            </List.Item>
          </List>
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Campaign requisition
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>
              Each player starts at {e.startingAllowance} points; the allowance never goes above {e.cap}. Standalone battles allow {e.standaloneLimit}.
            </List.Item>
            <List.Item>
              After Missions {e.rewardMissions.join(', ')}: +{e.rewards.participation} for taking part, +{e.rewards.win} for a win, +{e.rewards.perMutant} per
              mutant defeated (at most {e.rewards.mutantCap} counted), +{e.rewards.cryptidFirst} / +{e.rewards.cryptidSecond} for the most / second-most damage
              to a cryptid (at least {e.rewards.minWoundsForPlacing} Wound).
            </List.Item>
            {e.ranks.map((k) => (
              <List.Item key={k.rank}>
                Rank {k.rank} at {k.marks} service mark{k.marks === 1 ? '' : 's'}: {k.veteranSixes} Veteran Six{k.veteranSixes === 1 ? '' : 'es'} per battle
              </List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed">
            Missions marked <ProvisionalMark what="missions" /> are stand-ins until the designer publishes the five missions.
          </Text>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

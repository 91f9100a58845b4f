import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { TRACKED_ABILITIES } from '../../../../src-shared/battle/abilities';
import { counted, EXPLOSION_CAUSE_NAMES, FORMATION_TYPE_NAMES, nameOf, USAGE_KIND_NAMES, VP_SOURCE_NAMES } from '../../../../src-shared/naming';
import type { ReportFigures } from '../../../../src-shared/reports/aggregate';
import { TableHead } from '../../components/TableHead';
import { pct, ReportCard, Trace, type OnOpen } from './report-pieces';

/** The report's cards on how the battles were fought: wounds by unit type, what was used, VP, Uncloak and service marks. */
type CardProps = { report: ReportFigures; name: (id: string) => string; onOpen: OnOpen };

function WoundsCard({ report: r, name, onOpen }: CardProps) {
  return (
    <ReportCard id="t-wounds" title="Wounds by ranged and melee">
      <Text size="sm" mb="xs">
        All battles: {r.woundTotals.ranged} ranged, {r.woundTotals.melee} melee.
      </Text>
      <Table striped aria-labelledby="t-wounds">
        <TableHead columns={['Faction', 'Unit type', 'Ranged', 'Melee']} />
        <Table.Tbody>
          {r.wounds.map((w) => (
            <Table.Tr key={`${w.factionId}|${w.unitType}`}>
              <Table.Td>{name(w.factionId)}</Table.Td>
              <Table.Td>{nameOf(FORMATION_TYPE_NAMES, w.unitType)}</Table.Td>
              {(['ranged', 'melee'] as const).map((kind) => (
                <Table.Td key={kind}>
                  <Trace
                    trace={{ kind: 'wounds', factionId: w.factionId, unitType: w.unitType }}
                    count={w.battleCount}
                    label={`${name(w.factionId)}, ${nameOf(FORMATION_TYPE_NAMES, w.unitType)} ${kind} wounds`}
                    onOpen={onOpen}
                  >
                    {w[kind]}
                  </Trace>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ReportCard>
  );
}

function UsageCard({ report: r, name, onOpen }: CardProps) {
  // a usage row's name: explosions are counted by cause, unit abilities by the special rule's id (issue 16)
  const usageName = (u: { kind: string; id: string }) =>
    u.kind === 'explosion' ? nameOf(EXPLOSION_CAUSE_NAMES, u.id) : u.kind === 'unit-ability' ? (TRACKED_ABILITIES[u.id]?.name ?? name(u.id)) : name(u.id);
  return (
    <ReportCard id="t-usage" title="Orders, gambits and abilities">
      <Table striped aria-labelledby="t-usage">
        <Table.Tbody>
          {r.usage.map((u) => (
            <Table.Tr key={`${u.kind}|${u.id}`}>
              <Table.Td>{nameOf(USAGE_KIND_NAMES, u.kind)}</Table.Td>
              <Table.Td>{usageName(u)}</Table.Td>
              <Table.Td>
                <Trace trace={{ kind: 'usage', usageKind: u.kind, id: u.id }} count={u.battleCount} label={usageName(u)} onOpen={onOpen}>
                  {counted(u.uses, 'use')}
                </Trace>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ReportCard>
  );
}

function VpUncloakAndMarksCard({ report: r, onOpen }: Omit<CardProps, 'name'>) {
  return (
    <ReportCard id="t-misc" title="VP, Uncloak and service marks">
      <Group gap="xl" align="flex-start">
        <Stack gap={2}>
          {r.vpBySource.map((v) => (
            <Text size="sm" key={v.source}>
              {nameOf(VP_SOURCE_NAMES, v.source)}: {v.total} VP ({v.meanPerSide.toFixed(2)} per side, n = {v.sides})
            </Text>
          ))}
        </Stack>
        <Stack gap={2}>
          {r.uncloak.map((u) => (
            <Text size="sm" key={u.round}>
              Uncloaked in round {u.round}:{' '}
              <Trace trace={{ kind: 'uncloak', round: u.round }} count={u.battleCount} label={`Uncloaked in round ${u.round}`} onOpen={onOpen}>
                {u.count}
              </Trace>
            </Text>
          ))}
        </Stack>
        <Stack gap={2}>
          {r.serviceMarks.map((m) => (
            <Text size="sm" key={m.unitType}>
              {nameOf(FORMATION_TYPE_NAMES, m.unitType)}: {pct(m.rate)} survive
            </Text>
          ))}
        </Stack>
      </Group>
    </ReportCard>
  );
}

/** Wounds beside what was used and the VP, Uncloak and service marks, side by side on a wide screen. */
export function UnitsAndUsage(props: CardProps) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <WoundsCard {...props} />
      <Stack>
        <UsageCard {...props} />
        <VpUncloakAndMarksCard report={props.report} onOpen={props.onOpen} />
      </Stack>
    </SimpleGrid>
  );
}

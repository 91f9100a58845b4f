import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { RoutState } from '../../../../../src-shared/battle/morale-rout';
import { routMorale, routThreshold } from '../../../../../src-shared/battle/morale-rout';
import { TableHead } from '../../../components/TableHead';

/**
 * Each company's morale under the module: models deployed, lost (destroyed
 * only; retreated models are not lost), the loss that makes it rout, and
 * whether it is routing now (DIGEST §23 T11–T12, AMB-S4, AMB-S6).
 */
export function RoutStatus({ state, sideNames, brokenNames }: { state: RoutState; sideNames: [string, string]; brokenNames: string[] }) {
  const morale = routMorale({ latch: state.latch });
  return (
    <Card withBorder aria-labelledby="rout-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="rout-title">
          Morale
        </Title>
        <Table aria-labelledby="rout-title" fz="sm" horizontalSpacing="xs">
          <TableHead columns={['Company', 'Lost of deployed', 'Routs at', 'State']} />
          <Table.Tbody>
            {([0, 1] as const).map((side) => {
              const s = state.sides[side];
              const routing = morale.isRouting(state, side);
              return (
                <Table.Tr key={side}>
                  <Table.Td>{sideNames[side]}</Table.Td>
                  <Table.Td>
                    {s.lost} of {s.starting}
                  </Table.Td>
                  <Table.Td>{s.starting > 0 ? `${routThreshold(s.starting)} lost` : '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      miw="fit-content"
                      styles={{ label: { overflow: 'visible' } }}
                      color={routing ? 'red' : 'teal'}
                      aria-label={`${sideNames[side]} ${routing ? 'routing' : 'steady'}`}
                    >
                      {routing ? 'Routing' : 'Steady'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Destroyed models count as lost; retreated ones do not.{' '}
            {state.latch ? 'Routing stays once reached.' : 'Routing is rechecked each time; it lifts if a loss is corrected.'}
          </Text>
          {brokenNames.length > 0 && <Text size="sm">Broken: {brokenNames.join(', ')}</Text>}
        </Group>
      </Stack>
    </Card>
  );
}

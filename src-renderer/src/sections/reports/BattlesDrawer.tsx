import { Badge, Drawer, Loader, Table, Text } from '@mantine/core';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TableHead } from '../../components/TableHead';

/** The battles behind one figure of the report (click-through). */
export function BattlesDrawer({ title, ids, names, onClose }: { title: string; ids: string[] | null; names: Record<string, string>; onClose: () => void }) {
  const battles = useApiQuery('reports.battles', { ids: ids ?? [] }, { enabled: !!ids?.length });
  const n = (id: string) => names[id] ?? id;
  return (
    <Drawer opened={!!ids} onClose={onClose} position="right" size="xl" title={`${title}: ${ids?.length ?? 0} battle${ids?.length === 1 ? '' : 's'}`}>
      {battles.isLoading && <Loader aria-label="Loading battles" />}
      <ErrorAlert error={battles.error} />
      {battles.data && (
        <Table striped aria-label="Battles behind this figure">
          <TableHead columns={['Battle', 'Date', 'Mission', 'Sides', 'Event']} />
          <Table.Tbody>
            {battles.data.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {b.id}
                  </Text>
                </Table.Td>
                <Table.Td>{b.playedAt.slice(0, 10)}</Table.Td>
                <Table.Td>{b.mission ?? '—'}</Table.Td>
                <Table.Td>
                  {b.sides.map((s) => `${n(s.factionId)} (${s.result})`).join(' v ')}
                  {b.sequence === 'alternating' && (
                    <Badge ml="xs" size="xs" color="grape">
                      non-standard
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{b.cryptid ? 'cryptid' : b.storm ? 'storm' : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}

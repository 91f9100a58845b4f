import { Badge, Box, Drawer, Table, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { counted } from '../../../../src-shared/naming';
import type { ReportFilter } from '../../../../src-shared/reports/battle';
import { TRACE_PAGE, type ReportTrace } from '../../../../src-shared/reports/trace';
import { useApiQuery } from '../../api/hooks';
import { Loading } from '../../components/Loading';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageControls } from '../../components/PageControls';
import { TableHead } from '../../components/TableHead';

/** A figure opened from the report: what it is called, which figure, and how many battles the report counted behind it. */
export interface OpenedFigure {
  title: string;
  trace: ReportTrace;
  count: number;
}

/**
 * The battles behind one figure of the report (click-through), a page at a time: over a large club a figure can
 * stand on tens of thousands of battles, which are asked for as they are read rather than sent with the report.
 */
export function BattlesDrawer({
  figure,
  filter,
  names,
  onClose,
}: {
  figure: OpenedFigure | null;
  filter: ReportFilter;
  names: Record<string, string>;
  onClose: () => void;
}) {
  // composed by hand as the odds drawer is: its header a plain block, not a second banner landmark beside the app's
  return (
    <Drawer.Root opened={!!figure} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>{figure ? `${figure.title}: ${counted(figure.count, 'battle')}` : ''}</Drawer.Title>
          <Drawer.CloseButton aria-label="Close the battles" />
        </Drawer.Header>
        <Drawer.Body>
          {/* a new figure starts at its first page */}
          {figure && <FigureBattles key={JSON.stringify(figure.trace)} trace={figure.trace} filter={filter} names={names} />}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function FigureBattles({ trace, filter, names }: { trace: ReportTrace; filter: ReportFilter; names: Record<string, string> }) {
  const [page, setPage] = useState(1);
  const offset = (page - 1) * TRACE_PAGE;
  // the page shown stays while the next one loads, so the table does not jump
  const battles = useApiQuery('reports.trace', { filter, trace, offset, limit: TRACE_PAGE }, { placeholderData: keepPreviousData });
  const n = (id: string) => names[id] ?? id;
  const total = battles.data?.total ?? 0;
  return (
    <>
      {battles.isLoading && <Loading label="Loading battles" />}
      <ErrorAlert error={battles.error} />
      {battles.data && (
        <>
          <Box mb="sm">
            <PageControls total={total} page={page} pageSize={TRACE_PAGE} onChange={setPage} noun="battle" label="Pages of battles" />
          </Box>
          <Table striped aria-label="Battles behind this figure" aria-busy={battles.isPlaceholderData}>
            <TableHead columns={['Battle', 'Date', 'Mission', 'Sides', 'Event']} />
            <Table.Tbody>
              {battles.data.battles.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {b.id}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{b.playedAt.slice(0, 10)}</Table.Td>
                  <Table.Td>{b.mission ?? '—'}</Table.Td>
                  <Table.Td>
                    {b.sides.map((s) => `${n(s.factionId)} (${s.result})`).join(' v ')}
                    {b.source === 'paper' ? ' · recorded on paper' : ''}
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
        </>
      )}
    </>
  );
}

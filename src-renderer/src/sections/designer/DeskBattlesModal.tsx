import { Box, Modal, Table, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { counted } from '../../../../src-shared/naming';
import type { DeskFilter } from '../../../../src-shared/desk/filter';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { Name } from '../../components/Name';
import { PageControls } from '../../components/PageControls';
import { TableHead } from '../../components/TableHead';

const PAGE = 25;

/** A figure of the desk opened for the battles behind it: what it is called, its id for `desk.trace`, and how many battles. */
export interface OpenedDeskFigure {
  title: string;
  id: string;
  count: number;
}

/** The battles behind one figure of the desk, a page at a time, each with the club that sent it. */
export function DeskBattlesModal({
  figure,
  filter,
  names,
  clubName,
  onClose,
}: {
  figure: OpenedDeskFigure | null;
  filter: DeskFilter;
  names: Record<string, string>;
  clubName: (clubId: string) => string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={!!figure}
      onClose={onClose}
      size="xl"
      title={figure ? `${figure.title}: ${counted(figure.count, 'battle')}` : ''}
      closeButtonProps={{ 'aria-label': 'Close the battles' }}
    >
      {figure && <FigureBattles key={figure.id} id={figure.id} filter={filter} names={names} clubName={clubName} />}
    </Modal>
  );
}

const RESULT = { win: 'won', draw: 'drew', loss: 'lost' } as const;

function FigureBattles({
  id,
  filter,
  names,
  clubName,
}: {
  id: string;
  filter: DeskFilter;
  names: Record<string, string>;
  clubName: (clubId: string) => string;
}) {
  const [page, setPage] = useState(1);
  const battles = useApiQuery('desk.trace', { filter, figureId: id, offset: (page - 1) * PAGE, limit: PAGE }, { placeholderData: keepPreviousData });
  const n = (f: string) => names[f] ?? f;
  return (
    <>
      {battles.isLoading && <Loading label="Loading battles" />}
      <ErrorAlert error={battles.error} />
      {battles.data && (
        <>
          <Box mb="sm">
            <PageControls total={battles.data.total} page={page} pageSize={PAGE} onChange={setPage} noun="battle" label="Pages of battles" />
          </Box>
          <Table striped aria-label="Battles behind this figure" aria-busy={battles.isPlaceholderData}>
            <TableHead columns={['Club', 'Date', 'Mission', 'Sides', 'Rulings']} />
            <Table.Tbody>
              {battles.data.battles.map(({ key, clubId, record: r }) => (
                <Table.Tr key={key}>
                  <Table.Td>
                    <Name>{clubName(clubId)}</Name>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.playedAt.slice(0, 10)}</Table.Td>
                  <Table.Td>
                    {r.mission ?? '—'}
                    {r.source === 'paper' ? ' (paper)' : ''}
                  </Table.Td>
                  <Table.Td>{r.sides.map((s) => `${n(s.factionId)} ${RESULT[s.result]}`).join(' v ')}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.rulings.length ? counted(r.rulings.length, 'ruling') : 'default'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </>
  );
}

import { Badge, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import type { Board } from '../../../src-shared/contract/club-night.contract';
import { useApiQuery } from '../api/hooks';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { Name } from '../components/Name';
import { TableHead } from '../components/TableHead';
import { SIDE_TEXT } from '../sections/play/labels';
import { LiveBadge } from './LiveBadge';
import { useClubEvents } from './live';

type BoardTable = Board['tables'][number];

/** Where a table stands, in words: its round, or that it is over. */
function standing(t: BoardTable): string {
  if (t.status === 'finished') return 'Finished';
  if (t.status === 'abandoned') return 'Abandoned';
  return t.round === 0 ? 'Setting up' : `Round ${t.round} of 5`;
}

/**
 * The projector's board (club night's board link, issue 35): every table's round and score and the standings of
 * their campaigns, in large type, changing as the phones record. It reads and nothing more.
 */
export function BoardPage() {
  const board = useApiQuery('clubNight.board', {});
  const live = useClubEvents();
  useEffect(() => {
    document.title = 'Club night board · Age of Ash';
  }, []);
  return (
    <Container component="main" size="xl" p="md">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>Club night</Title>
          <LiveBadge live={live} />
        </Group>
        <ErrorAlert error={board.error} />
        {!board.data && !board.error && <Loading label="Loading the board" />}
        {board.data && (
          <>
            <section aria-labelledby="board-tables">
              <Title order={2} id="board-tables" mb="sm">
                Tables
              </Title>
              {board.data.tables.length === 0 ? (
                <Text size="lg">No table is playing yet.</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  {board.data.tables.map((t, i) => (
                    <TableCard key={t.battleId} t={t} n={i + 1} />
                  ))}
                </SimpleGrid>
              )}
            </section>
            <section aria-labelledby="board-standings">
              <Title order={2} id="board-standings" mb="sm">
                Standings
              </Title>
              {board.data.standings.length === 0 ? (
                <Text size="lg">No campaign battle tonight: standalone games have no standings.</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  {board.data.standings.map((c) => (
                    <Card key={c.campaignId} withBorder padding="md" component="section" aria-label={`Standings: ${c.campaignName}`}>
                      <Title order={3} mb="xs">
                        <Name>{c.campaignName}</Name>
                      </Title>
                      <Table fz="xl" striped aria-label={`${c.campaignName}: wins, draws, losses and victory points`}>
                        <TableHead
                          columns={[
                            'Player',
                            { label: 'Won', ta: 'right' },
                            { label: 'Drawn', ta: 'right' },
                            { label: 'Lost', ta: 'right' },
                            { label: 'VP', ta: 'right' },
                          ]}
                        />
                        <Table.Tbody>
                          {c.players.map((p) => (
                            <Table.Tr key={p.name}>
                              <Table.Td>
                                <Name>{p.name}</Name>
                              </Table.Td>
                              <Table.Td ta="right">{p.wins}</Table.Td>
                              <Table.Td ta="right">{p.draws}</Table.Td>
                              <Table.Td ta="right">{p.losses}</Table.Td>
                              <Table.Td ta="right">{p.victoryPoints}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Card>
                  ))}
                </SimpleGrid>
              )}
            </section>
          </>
        )}
      </Stack>
    </Container>
  );
}

/** One table: its players in their side's colour, the score between them, its campaign and mission, its round. */
function TableCard({ t, n }: { t: BoardTable; n: number }) {
  const [a, c] = t.players;
  return (
    <Card withBorder padding="lg" component="article" aria-label={`Table ${n}: ${a} v ${c}`}>
      <Group justify="space-between" align="center" mb="xs">
        <Text fw={700} size="lg">
          Table {n}
        </Text>
        <Badge size="lg" variant={t.status === 'in_progress' ? 'filled' : 'outline'} color="dark">
          {standing(t)}
        </Badge>
      </Group>
      <Text fz={36} fw={700} lh={1.2} data-testid="board-score">
        <Text span c={SIDE_TEXT.A} inherit>
          <Name>{a}</Name> {t.victoryPoints.A}
        </Text>{' '}
        –{' '}
        <Text span c={SIDE_TEXT.B} inherit>
          {t.victoryPoints.B} <Name>{c}</Name>
        </Text>
      </Text>
      <Text c="dimmed" size="lg" mt={4}>
        {t.campaignName ? (
          <>
            <Name>{t.campaignName}</Name>
            {t.mission ? ` · mission ${t.mission}` : ''}
          </>
        ) : (
          'Standalone game'
        )}
      </Text>
    </Card>
  );
}

import { Anchor, Badge, Button, Card, Group, List, Modal, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import type { PlayerDetail } from '../../../../src-shared/contract/players.contract';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { TableHead } from '../../components/TableHead';
import { NewPlayerModal } from '../campaigns/NewPlayerModal';

/** The club's players: a list to search, and each player's campaigns and rosters, name and removal. */
export function PlayersPage() {
  return (
    <Routes>
      <Route index element={<Players />} />
      <Route path=":playerId" element={<Players />} />
    </Routes>
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Players() {
  const { playerId } = useParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [adding, setAdding] = useState(false);
  const list = useApiQuery('players.list', { search: debounced.trim() || undefined });
  const all = useApiQuery('players.list', {});

  return (
    <>
      <PageHeader
        title="Players"
        help={{ guide: 'organiser-evening', at: 'settings-the-journal-and-players' }}
        description={all.data ? `${count(all.data.length, 'player')} in the club.` : 'The club’s players.'}
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            New player
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack>
          <SearchInput label="Search" placeholder="Player name" value={search} onSearch={setSearch} w={280} />
          <ErrorAlert error={list.error} />
          {list.data?.length === 0 && <Text c="dimmed">{debounced ? 'No player matches this search.' : 'No players yet: add the club’s players here.'}</Text>}
          {!!list.data?.length && (
            <Table striped highlightOnHover aria-label="Players">
              <TableHead columns={['Name', 'Campaigns']} />
              <Table.Tbody>
                {list.data.map((p) => (
                  <Table.Tr key={p.id} aria-current={p.id === playerId ? 'true' : undefined}>
                    <Table.Td>
                      <Anchor component={Link} to={`/players/${p.id}`} fw={p.id === playerId ? 700 : undefined}>
                        <bdi>{p.name}</bdi>
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{p.campaigns}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
        {playerId ? <PlayerCard key={playerId} id={playerId} /> : <Text c="dimmed">Choose a player to see their campaigns and rosters.</Text>}
      </SimpleGrid>
      <NewPlayerModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}

function PlayerCard({ id }: { id: string }) {
  const detail = useApiQuery('players.get', { id });
  const p = detail.data;
  if (!p) return detail.error ? <ErrorAlert error={detail.error} /> : <Text>Loading…</Text>;
  return (
    <Card withBorder component="section" aria-label={`Player ${p.name}`}>
      <Stack>
        <Title order={2} size="h3">
          <bdi>{p.name}</bdi>
        </Title>
        <RenameForm player={p} />
        <Stack gap={4}>
          <Title order={3} size="h5">
            Campaigns
          </Title>
          {p.campaigns.length === 0 ? (
            <Text size="sm" c="dimmed">
              None.
            </Text>
          ) : (
            <List size="sm" aria-label={`${p.name}’s campaigns`}>
              {p.campaigns.map((c) => (
                <List.Item key={c.id}>
                  <Anchor component={Link} to={`/journal/${c.id}`}>
                    <bdi>{c.name}</bdi>
                  </Anchor>{' '}
                  <Text span size="sm" c="dimmed">
                    {c.status === 'active' ? `mission ${c.currentMission} of 5` : c.status}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
        <Stack gap={4}>
          <Title order={3} size="h5">
            Rosters
          </Title>
          {p.rosters.length === 0 ? (
            <Text size="sm" c="dimmed">
              None.
            </Text>
          ) : (
            <List size="sm" aria-label={`${p.name}’s rosters`}>
              {p.rosters.map((r) => (
                <List.Item key={r.id}>
                  <Anchor component={Link} to={`/builder/${r.id}`}>
                    <bdi>{r.name}</bdi>
                  </Anchor>{' '}
                  <Text span size="sm" c="dimmed">
                    {r.campaignName !== null ? (
                      <>
                        for <bdi>{r.campaignName}</bdi>
                      </>
                    ) : r.mode === 'crossover' ? (
                      'crossover game'
                    ) : (
                      'standalone game'
                    )}{' '}
                    · {r.points} pts
                  </Text>{' '}
                  {!r.valid && (
                    <Badge size="xs" variant="outline" color="gray">
                      draft
                    </Badge>
                  )}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
        <RemovePlayer player={p} />
      </Stack>
    </Card>
  );
}

function RenameForm({ player }: { player: PlayerDetail }) {
  const [name, setName] = useState(player.name);
  const rename = useApiMutation('players.update', { inOrder: `players.update:${player.id}` });
  const changed = name.trim() !== player.name && name.trim() !== '';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) rename.mutate({ id: player.id, name }, { onSuccess: (p) => setName(p.name) });
      }}
    >
      <Group align="flex-end">
        <TextInput label="Name" value={name} maxLength={80} onChange={(e) => setName(e.currentTarget.value)} error={rename.error?.message} w={280} />
        <Button type="submit" variant="default" disabled={!changed} loading={rename.isPending}>
          Rename
        </Button>
      </Group>
      {rename.isSuccess && !changed && (
        <Text size="sm" c="teal.9" role="status" mt={4}>
          Renamed.
        </Text>
      )}
    </form>
  );
}

function RemovePlayer({ player }: { player: PlayerDetail }) {
  const [asking, setAsking] = useState(false);
  const remove = useApiMutation('players.remove');
  const navigate = useNavigate();
  const { campaigns, rosters, battles, ledgerEntries } = player.uses;
  if (!player.removable) {
    const named = [
      campaigns && count(campaigns, 'campaign'),
      rosters && count(rosters, 'roster'),
      battles && count(battles, 'battle'),
      ledgerEntries && count(ledgerEntries, 'ledger entry', 'ledger entries'),
    ].filter(Boolean);
    return (
      <Text size="sm" c="dimmed">
        Cannot be removed while {named.join(', ')} name them: the ledger keeps its history.
      </Text>
    );
  }
  return (
    <>
      <Group>
        <Button color="red" variant="light" onClick={() => setAsking(true)}>
          Remove player
        </Button>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`Remove ${player.name}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text size="sm">
            <bdi>{player.name}</bdi> plays no campaign and has no roster, battle or ledger entry. They leave the club’s list of players.
          </Text>
          <ErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: player.id }, { onSuccess: () => navigate('/players') })}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

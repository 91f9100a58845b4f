import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { PlayerSelect } from '../../components/PlayerSelect';
import { SearchInput } from '../../components/SearchInput';
import { PageControls } from '../../components/PageControls';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowsCross, IconFileImport, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FACTION_IDS } from '../../../../src-shared/ruleset/pack-facts';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { NewCampaignModal } from './NewCampaignModal';
import { NewPlayerModal } from './NewPlayerModal';
import { ImportCampaignsModal } from './ImportCampaignsModal';
import { TableHead } from '../../components/TableHead';
import { ChoiceSelect } from '../../components/Choice';
import { Name } from '../../components/Name';

type Sort = 'last-played' | 'name' | 'mission' | 'created';

/** Rows per page: a club of 1,000 campaigns is paged in the backend (campaigns.dashboard). */
const PAGE_SIZE = 50;
type Status = 'active' | 'finished' | 'abandoned';

const factionLabel = (id: string) =>
  id
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');

/** What an empty club does next, by how many players it has (issue 34: it said "Add two players" after three were added). */
function firstStep(players: number | undefined): ReactNode {
  const list = (
    <Anchor component={Link} to="/players">
      the club’s players
    </Anchor>
  );
  if (players === undefined) return 'No campaigns yet.';
  if (players === 0) return 'No campaigns yet. Add two players (New player), then start a campaign.';
  if (players === 1) return <>No campaigns yet. The club has one player ({list}): add a second, then start a campaign.</>;
  return (
    <>
      No campaigns yet. The club has {players} players ({list}): start a campaign with New campaign.
    </>
  );
}

/** Every campaign of the club at a glance: who, which factions, which mission, what each may spend. */
export function ClubDashboard() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [status, setStatus] = useState<Status | null>('active');
  const [factionId, setFactionId] = useState<string | null>(null);
  const [playerId, setPlayerId] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>('last-played');
  const [playerOpen, setPlayerOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const newOpen = params.get('new') === '1';
  const setNewOpen = (open: boolean) => setParams(open ? { new: '1' } : {}, { replace: true });

  const players = useApiQuery('players.list', {});
  const [page, setPage] = useState(1);
  // a new filter or sort starts again at the first page
  useEffect(() => setPage(1), [debounced, status, factionId, playerId, sort]);
  const dashboard = useApiQuery('campaigns.dashboard', {
    search: debounced || undefined,
    status: status ?? undefined,
    factionId: factionId ?? undefined,
    playerId: playerId ?? undefined,
    sort,
    page,
    pageSize: PAGE_SIZE,
  });
  const list = { error: dashboard.error, data: dashboard.data?.campaigns };
  const total = dashboard.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Every campaign in the club, with its players, mission and allowances."
        actions={
          <>
            <Button variant="default" component={Link} to="/campaigns/crossover" leftSection={<IconArrowsCross size={16} />}>
              Crossover check
            </Button>
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImportOpen(true)}>
              Import campaigns
            </Button>
            <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => setPlayerOpen(true)}>
              New player
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setNewOpen(true)}>
              New campaign
            </Button>
          </>
        }
      />
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <SearchInput label="Search" placeholder="Campaign or player name" value={search} onSearch={setSearch} w={240} />
          <Select
            label="Status"
            clearable
            placeholder="Any"
            data={[
              { value: 'active', label: 'Active' },
              { value: 'finished', label: 'Finished' },
              { value: 'abandoned', label: 'Abandoned' },
            ]}
            value={status}
            onChange={(v) => setStatus(v as Status | null)}
            w={150}
          />
          <Select
            label="Faction"
            clearable
            placeholder="Any"
            data={FACTION_IDS.map((f) => ({ value: f, label: factionLabel(f) }))}
            value={factionId}
            onChange={setFactionId}
            w={200}
          />
          <PlayerSelect label="Player" clearable placeholder="Anyone" players={players.data} value={playerId} onChange={setPlayerId} w={180} />
          <ChoiceSelect
            label="Sort by"
            options={{ 'last-played': 'Last played', name: 'Name', mission: 'Mission', created: 'Newest' }}
            value={sort}
            onChange={setSort}
            w={150}
          />
        </Group>
        <ErrorAlert error={list.error} />
        {list.data && list.data.length === 0 && (
          <Text c="dimmed">
            {debounced || status !== 'active' || factionId || playerId ? 'No campaign matches these filters.' : firstStep(players.data?.length)}
          </Text>
        )}
        {list.data && list.data.length > 0 && (
          <Table striped highlightOnHover aria-label="Campaigns">
            <TableHead columns={['Campaign', 'Players and factions', 'Mission', 'Allowances', 'Last played', { label: 'Actions', hidden: true }]} />
            <Table.Tbody>
              {list.data.map((c) => (
                <Table.Tr key={c.id} data-campaign-id={c.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/journal/${c.id}`}>
                      {c.name}
                    </Anchor>
                    <Group gap={4} mt={2}>
                      {c.status !== 'active' && <Badge color={c.status === 'finished' ? 'green' : 'gray'}>{c.status}</Badge>}
                      {c.nonStandard && <Badge color="yellow">non-standard</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {c.seats.map((s) => (
                      <Text size="sm" key={s.seat}>
                        <Name>{s.playerName}</Name>{' '}
                        <Text span c="dimmed" size="sm">
                          ({s.factionName})
                        </Text>
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>{c.status === 'finished' ? 'Complete' : `${c.currentMission} of 5`}</Table.Td>
                  <Table.Td>
                    {c.seats.map((s) => (
                      <Text size="sm" key={s.seat} aria-label={`${s.playerName} allowance`}>
                        {s.allowance} RP
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>{c.lastPlayed ? new Date(c.lastPlayed).toLocaleDateString() : 'Not yet'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" component={Link} to={`/journal/${c.id}`}>
                        Journal
                      </Button>
                      {c.status === 'active' && (
                        <Button size="xs" variant="light" onClick={() => navigate(`/campaigns/${c.id}/record`)}>
                          Record result
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <PageControls total={total} page={page} pageSize={PAGE_SIZE} onChange={setPage} noun="campaign" label="Campaign pages" />
      </Stack>
      <NewPlayerModal opened={playerOpen} onClose={() => setPlayerOpen(false)} />
      <ImportCampaignsModal opened={importOpen} onClose={() => setImportOpen(false)} />
      <NewCampaignModal opened={newOpen} onClose={() => setNewOpen(false)} onCreated={(id) => navigate(`/journal/${id}`)} />
    </>
  );
}

import { ActionIcon, Anchor, Badge, Button, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { SearchInput } from '../../components/SearchInput';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconCopyPlus, IconDots, IconFileImport, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { RosterSummary } from '../../../../src-shared/contract/rosters.contract';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { CreateRosterModal } from './CreateRosterModal';
import { ImportRosterModal } from './ImportRosterModal';
import { RenameRosterModal } from './RenameRosterModal';
import { CloneRosterModal } from './CloneRosterModal';
import { TableHead } from '../../components/TableHead';

const MODE_LABEL = { campaign: 'Campaign', standalone: 'Standalone', crossover: 'Crossover' } as const;

export function RosterListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 150);
  const list = useApiQuery('rosters.list', { search: debounced || undefined });
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [renaming, setRenaming] = useState<RosterSummary | null>(null);
  const [cloning, setCloning] = useState<RosterSummary | null>(null);
  const duplicate = useApiMutation('rosters.duplicate');
  const remove = useApiMutation('rosters.delete');
  const restore = useApiMutation('rosters.restore');

  const onDelete = async (r: RosterSummary) => {
    await remove.mutateAsync({ id: r.id });
    const nid = `roster-deleted-${r.id}`;
    notifications.show({
      id: nid,
      title: `Deleted “${r.name}”`,
      autoClose: 10_000,
      message: (
        <Group justify="space-between" gap="xs">
          <Text size="sm">You can bring it back.</Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={async () => {
              await restore.mutateAsync({ id: r.id });
              notifications.hide(nid);
              notifications.show({ message: `Restored “${r.name}”.`, color: 'teal' });
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
  };

  return (
    <>
      <PageHeader
        title="Builder"
        help={{ guide: 'organiser-evening', at: 'working-in-the-builder' }}
        description="Warbands for campaign missions, standalone 500-point battles and crossover games, checked against the recruitment rules as you build."
        actions={
          <>
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
              Import roster
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New roster
            </Button>
          </>
        }
      />
      <Stack>
        <SearchInput label="Search rosters" placeholder="Warband, player or faction" value={search} onSearch={setSearch} maw={420} />
        <ErrorAlert error={list.error ?? duplicate.error ?? remove.error ?? restore.error} />
        {list.data && list.data.length === 0 && (
          <Text c="dimmed">{debounced ? 'No roster matches that search.' : 'No rosters yet. Start with “New roster”.'}</Text>
        )}
        {list.data && list.data.length > 0 && (
          <Table highlightOnHover verticalSpacing="xs" aria-label="Rosters">
            <TableHead columns={['Warband', 'Player', 'Faction', 'Game', 'Points', 'Status', { label: 'Actions', hidden: true }]} />
            <Table.Tbody>
              {list.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {/* a link-styled button in the body text colour: the theme's subtle button text is too light on white (axe colour contrast) */}
                    <Anchor
                      component="button"
                      type="button"
                      c="var(--mantine-color-text)"
                      fw={600}
                      underline="hover"
                      onClick={() => navigate(`/builder/${r.id}`)}
                      aria-label={`Open ${r.name}`}
                    >
                      {r.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td dir="auto">{r.playerName}</Table.Td>
                  <Table.Td>{r.factionName}</Table.Td>
                  <Table.Td>
                    {MODE_LABEL[r.mode]}
                    {r.campaignName && (
                      <>
                        : <bdi>{r.campaignName}</bdi>
                      </>
                    )}
                  </Table.Td>
                  <Table.Td>{r.points}</Table.Td>
                  <Table.Td>
                    <Badge color={r.valid ? 'teal' : 'gray'} variant="outline">
                      {r.valid ? 'Legal' : 'Draft'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={`More actions for ${r.name}`}>
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(r)}>
                          Rename
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconCopy size={14} />}
                          onClick={async () => {
                            const copy = await duplicate.mutateAsync({ id: r.id });
                            notifications.show({ message: `Copied as “${copy.roster.name}”.`, color: 'teal' });
                          }}
                        >
                          Duplicate
                        </Menu.Item>
                        <Menu.Item leftSection={<IconCopyPlus size={14} />} onClick={() => setCloning(r)}>
                          Clone for another game…
                        </Menu.Item>
                        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => void onDelete(r)}>
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <CreateRosterModal opened={creating} onClose={() => setCreating(false)} onCreated={(id) => navigate(`/builder/${id}`)} />
      <ImportRosterModal opened={importing} onClose={() => setImporting(false)} onImported={(id) => navigate(`/builder/${id}`)} />
      <RenameRosterModal roster={renaming} onClose={() => setRenaming(null)} />
      <CloneRosterModal
        roster={cloning}
        onClose={() => setCloning(null)}
        onCloned={(id, name) => {
          setCloning(null);
          notifications.show({ message: `Cloned as “${name}”.`, color: 'teal' });
          navigate(`/builder/${id}`);
        }}
      />
    </>
  );
}

import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { ClubTable } from '../../../../src-shared/contract/club-night.contract';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PanelCard } from '../../components/PanelCard';
import { TableHead } from '../../components/TableHead';
import { GameOf, Players } from './BattleLinksCard';
import { ago, clockTime, useNow } from './time';

/** How often the organiser's list asks again: the phones record between the answers. */
const REFRESH_MS = 3_000;

const STATUS = {
  in_progress: null,
  finished: { label: 'Finished', color: 'gray' },
  abandoned: { label: 'Abandoned', color: 'orange' },
} as const;

/**
 * Every table with a link in force: its round, its last event and when a phone last called, asked again every few
 * seconds. One table's links are revoked here, or every link at once.
 */
export function TablesCard() {
  const tables = useApiQuery('clubNight.tables', {}, { refetchInterval: REFRESH_MS });
  const revoke = useApiMutation('clubNight.revoke');
  const reset = useApiMutation('clubNight.resetClaim');
  const [revokedNote, setRevokedNote] = useState<ReactNode>(null);
  const now = useNow(5_000);
  const list = tables.data ?? [];

  const revokeWith = (input: { battleId: string } | { all: true }, what: ReactNode) =>
    revoke.mutate(input, {
      onSuccess: ({ revoked }) =>
        setRevokedNote(
          <>
            {what}: {revoked === 1 ? 'one link' : `${revoked} links`} revoked.
          </>,
        ),
    });

  return (
    <PanelCard label="Tables" title="Tables">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Text size="sm" c="dimmed">
            Each table with a link in force. A revoked link stops working at once, on every phone that opened it.
          </Text>
          <Button
            color="red"
            variant="outline"
            leftSection={<IconBan size={16} />}
            loading={revoke.isPending && revoke.variables !== undefined && 'all' in revoke.variables}
            onClick={() => revokeWith({ all: true }, 'Every link')}
          >
            Revoke every link
          </Button>
        </Group>
        <ErrorAlert error={tables.error ?? revoke.error ?? reset.error} />
        {revokedNote && (
          <Text size="sm" role="status">
            {revokedNote}
          </Text>
        )}
        {tables.data && list.length === 0 && <Text c="dimmed">No table has a link yet.</Text>}
        {list.length > 0 && (
          <Table aria-label="Tables">
            <TableHead
              columns={['Players', 'Game', 'Round', 'Last event', 'Last heard from', 'Link valid until', 'Phones', { label: 'Revoke', hidden: true }]}
            />
            <Table.Tbody>
              {list.map((t) => {
                const status = STATUS[t.status];
                return (
                  <Table.Tr key={t.battleId}>
                    <Table.Td>
                      <Players names={t.players} />
                    </Table.Td>
                    <Table.Td>
                      <GameOf b={t} />
                    </Table.Td>
                    <Table.Td>{status ? <Badge color={status.color}>{status.label}</Badge> : t.round || 'setup'}</Table.Td>
                    <Table.Td title={clockTime(t.lastEventAt)}>
                      {ago(t.lastEventAt, now)}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({t.events === 1 ? 'one event' : `${t.events} events`})
                      </Text>
                    </Table.Td>
                    <Table.Td title={t.lastHeardAt ? clockTime(t.lastHeardAt) : undefined}>{t.lastHeardAt ? ago(t.lastHeardAt, now) : 'not yet'}</Table.Td>
                    <Table.Td>{clockTime(t.linkExpiresAt)}</Table.Td>
                    <Table.Td>
                      <SideClaims t={t} now={now} onReset={(side) => reset.mutate({ battleId: t.battleId, side })} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        color="red"
                        variant="subtle"
                        loading={
                          revoke.isPending && revoke.variables !== undefined && 'battleId' in revoke.variables && revoke.variables.battleId === t.battleId
                        }
                        onClick={() => revokeWith({ battleId: t.battleId }, <Players names={t.players} />)}
                        aria-label={`Revoke the links of ${t.players[0]} v ${t.players[1]}`}
                      >
                        Revoke
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </PanelCard>
  );
}

/**
 * Which phone plays each side (issue 42): when it claimed the side, and a button to free it for another phone (the
 * first lost, flat or handed over).
 */
function SideClaims({ t, now, onReset }: { t: ClubTable; now: number; onReset: (side: 'A' | 'B') => void }) {
  return (
    <Stack gap={4}>
      {(['A', 'B'] as const).map((side) => {
        const name = t.players[side === 'A' ? 0 : 1];
        const at = t.claims[side];
        return (
          <Group key={side} gap={6} wrap="nowrap">
            <Text size="sm" title={at ? clockTime(at) : undefined}>
              {at ? `${name}: claimed ${ago(at, now)}` : `${name}: no phone yet`}
            </Text>
            {at && (
              <Button size="compact-xs" variant="subtle" onClick={() => onReset(side)} aria-label={`Reset ${name}’s phone`}>
                Reset
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

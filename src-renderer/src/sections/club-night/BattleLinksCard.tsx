import { Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { IconLink, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BattleSummary } from '../../../../src-shared/contract/battles.contract';
import type { ClubLink } from '../../../../src-shared/contract/club-night.contract';
import { api } from '../../api/transport';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Name } from '../../components/Name';
import { PanelCard } from '../../components/PanelCard';
import { PdfPreviewModal } from '../../components/PdfPreviewModal';
import { TableHead } from '../../components/TableHead';
import { LinkWithQr } from './LinkWithQr';

/** "Ana v Bo", each name isolated. */
export function Players({ names }: { names: readonly string[] }) {
  return (
    <>
      <Name>{names[0]!}</Name> v <Name>{names[1]!}</Name>
    </>
  );
}

/** "Ashford, mission 2", "Standalone, mission 3", "Crossover"; without the mode, "Mission 3" or "Game". */
export function GameOf({ b }: { b: Pick<BattleSummary, 'campaignName' | 'mission'> & { mode?: BattleSummary['mode'] } }) {
  if (b.campaignName !== null)
    return (
      <>
        <Name>{b.campaignName}</Name>
        {b.mission !== null && `, mission ${b.mission}`}
      </>
    );
  const kind = b.mode === 'crossover' ? 'Crossover' : b.mode === 'standalone' ? 'Standalone' : null;
  if (kind) return <>{b.mission !== null ? `${kind}, mission ${b.mission}` : kind}</>;
  return <>{b.mission !== null ? `Mission ${b.mission}` : 'Game'}</>;
}

/** What the contract takes: from a quarter of an hour to a day. */
export const hoursValid = (hours: number) => Number.isFinite(hours) && hours >= 0.25 && hours <= 24;

const playersText = (b: { players: readonly string[] }) => `${b.players[0]} v ${b.players[1]}`;

/**
 * Tonight's battles in progress: a table link for one (with its QR code), or the printed table cards for one or all.
 * A link's token exists only when it is made, so printing cards makes new links; the ones handed out before keep working.
 */
export function BattleLinksCard({ hours, onHours }: { hours: number; onHours: (hours: number) => void }) {
  const battles = useApiQuery('battles.list', { status: 'in_progress' }, { refetchInterval: 10_000 });
  const make = useApiMutation('clubNight.createTableLink');
  const [made, setMade] = useState<Record<string, ClubLink>>({});
  /** The cards being previewed: the chosen battles, or every battle in progress (undefined). */
  const [cards, setCards] = useState<{ battleIds?: string[] } | null>(null);
  const running = battles.data ?? [];
  const validHours = hoursValid(hours);

  const makeLink = (battleId: string) => make.mutate({ battleId, hours }, { onSuccess: (link) => setMade((m) => ({ ...m, [battleId]: link })) });

  return (
    <PanelCard label="Battles in progress" title="Battles in progress">
      <Stack gap="sm">
        <Group align="flex-end" justify="space-between">
          <NumberInput
            label="Links last"
            description="Hours, from when the link is made"
            value={hours}
            onChange={(n) => onHours(typeof n === 'number' ? n : NaN)}
            min={0.25}
            max={24}
            step={1}
            decimalScale={2}
            suffix=" h"
            w={200}
            error={validHours ? undefined : 'From a quarter of an hour to 24 hours.'}
          />
          <Button variant="default" leftSection={<IconPrinter size={16} />} disabled={running.length === 0 || !validHours} onClick={() => setCards({})}>
            Print table cards
          </Button>
        </Group>
        <ErrorAlert error={battles.error} />
        {battles.data && running.length === 0 && (
          <Text c="dimmed">
            No battle is in progress. Start tonight’s battles in <Link to="/play">Play</Link>; each then gets its table link here.
          </Text>
        )}
        {running.length > 0 && (
          <Table aria-label="Battles in progress">
            <TableHead columns={['Players', 'Game', 'Round', { label: 'Table link', hidden: true }]} />
            <Table.Tbody>
              {running.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Players names={b.players} />
                  </Table.Td>
                  <Table.Td>
                    <GameOf b={b} />
                  </Table.Td>
                  <Table.Td>{b.round || 'setup'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        leftSection={<IconLink size={14} />}
                        disabled={!validHours}
                        loading={make.isPending && make.variables?.battleId === b.id}
                        onClick={() => makeLink(b.id)}
                        aria-label={`Make table link for ${playersText(b)}`}
                      >
                        Make table link
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconPrinter size={14} />}
                        disabled={!validHours}
                        onClick={() => setCards({ battleIds: [b.id] })}
                        aria-label={`Print table card for ${playersText(b)}`}
                      >
                        Card
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <ErrorAlert error={make.error} />
        {running
          .filter((b) => made[b.id])
          .map((b) => (
            <LinkWithQr
              key={b.id}
              link={made[b.id]!}
              qrLabel={`QR code of the table link for ${playersText(b)}`}
              title={
                <>
                  Table link: <Players names={b.players} />
                </>
              }
            />
          ))}
      </Stack>
      <PdfPreviewModal
        title="Table cards"
        opened={cards !== null}
        onClose={() => setCards(null)}
        // paper size from Settings: choosing another here would make the links again
        paperSizes={false}
        deps={[cards]}
        notice={
          <Text size="sm">
            Each card carries a new link for its table, valid for {hours} h. Links handed out before keep working until they expire or are revoked; revoke a
            table’s links first if its card was lost.
          </Text>
        }
        render={() => api.call('print.tableCards', { ...(cards?.battleIds ? { battleIds: cards.battleIds } : {}), hours })}
      />
    </PanelCard>
  );
}

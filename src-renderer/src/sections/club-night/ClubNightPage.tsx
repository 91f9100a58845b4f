import { Alert, Badge, Code, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { BattleLinksCard } from './BattleLinksCard';
import { BoardCard } from './BoardCard';
import { LanAddressCard } from './LanAddressCard';
import { TablesCard } from './TablesCard';

/**
 * Club night (issue 35), the organiser's side: turn the LAN listener on at one of this computer's addresses, hand
 * each table a link (on screen with its QR code, or on a printed card), give the projector the board, follow the
 * tables as the phones record, and revoke links. Off by default; only browser mode can listen on the club's network.
 */
export function ClubNightPage() {
  const status = useApiQuery('clubNight.status', {});
  const [hours, setHours] = useState(6);
  const s = status.data;
  return (
    <Stack>
      <PageHeader
        title="Club night"
        help={{ guide: 'club-night' }}
        description="Players record their own table’s battle from their phones, over the club’s Wi-Fi, each phone reaching only its own table."
        actions={s?.available && <Badge color={s.on ? 'green' : 'gray'}>{s.on ? 'On' : 'Off'}</Badge>}
      />
      <ErrorAlert error={status.error} />
      {!s && !status.error && <Loading label="Asking whether club night is on" />}
      {s && !s.available && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Club night runs in browser mode">
          <Text size="sm">
            This window cannot listen on the club’s network. Close it and start the app with <Code>npm run serve</Code>, open the address it prints, and turn
            club night on from this page there (or start it at once with <Code>npm run serve -- --club-night --lan-address ADDRESS</Code>).
          </Text>
        </Alert>
      )}
      {s?.available && (
        <>
          <LanAddressCard status={s} />
          {s.on ? (
            <>
              <BattleLinksCard hours={hours} onHours={setHours} />
              <TablesCard />
              <BoardCard hours={hours} />
            </>
          ) : (
            <Text c="dimmed" size="sm">
              Once club night is on, each battle in progress gets its table link and QR code here, on screen or as printed table cards.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

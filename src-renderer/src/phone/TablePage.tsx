import { Alert, Button, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBook, IconDice5, IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api } from '../api/transport';
import { useApiQuery } from '../api/hooks';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { cribSheetOf } from '../sections/play/battle-reads';
import { AttackOddsDrawer, BattlePanels, battleLine, BattleStatus, BattleTitle } from '../sections/play/battle/BattlePanels';
import { stopRepeatClicks } from '../sections/play/repeat-clicks';
import { useBattle } from '../sections/play/useBattle';
import { LiveBadge } from './LiveBadge';
import { useClubEvents } from './live';
import { PhonePdfButton } from './PhonePdfButton';
import { deviceId } from './device';
import { claimedSide, SideClaim, useWatching } from './SideClaim';
import { WaitingTaps } from './WaitingTaps';

/**
 * Play Mode on a phone at the table (club night's table link, issue 35): the round screen's own panels in one column,
 * offered by the same battle guard as on the organiser's window, with the other phone's events arriving live. The
 * odds, the crib sheet and the battle report sit in a bar at the bottom, in reach of the thumb, where a refused step
 * also says why.
 */
export function TablePage({ battleId, linkId }: { battleId: string; linkId: string }) {
  // which side this phone plays (issue 42): asked once, the claim kept by the laptop
  const sides = useApiQuery('table.sides', { battleId, deviceId: deviceId() });
  const [watching, setWatching] = useWatching(linkId);
  const battle = useBattle(battleId, 'table', linkId, claimedSide(sides.data));
  // a phone that only watches records nothing: the players' phones do (issue 42)
  const b = watching && !claimedSide(sides.data) ? { ...battle, recording: false } : battle;
  const live = useClubEvents();
  const [odds, setOdds] = useState(false);
  const [pdfError, setPdfError] = useState<unknown>(null);
  const detail = b.battle.data;
  const title = detail ? `${detail.setup.sides[0].playerName} v ${detail.setup.sides[1].playerName}` : null;
  useEffect(() => {
    if (title) document.title = `${title} · Age of Ash`;
  }, [title]);

  if (b.error)
    return (
      <Container component="main" size="sm" p="md">
        <ErrorAlert error={b.error} title="This table link cannot open its battle" />
      </Container>
    );
  if (!detail || !b.state || !b.rules || !b.pack)
    return (
      <Container component="main" size="sm" p="md">
        <Loading label="Loading the battle" />
      </Container>
    );
  return (
    <div onClickCapture={stopRepeatClicks}>
      <Container component="main" size="md" px="sm" py="md">
        <Stack>
          <Stack gap={4}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <BattleTitle b={b} />
              <LiveBadge live={live} waiting={b.outbox.waiting.length} />
            </Group>
            <Text c="dimmed" size="sm">
              {battleLine(b)}
            </Text>
          </Stack>
          {detail.status === 'in_progress' && <SideClaim detail={detail} pack={b.pack} sides={sides.data} watching={watching} setWatching={setWatching} />}
          <BattleStatus b={b} />
          {detail.status !== 'in_progress' && (
            <Alert color="gray" title="This battle is over" role="status">
              Its table link only reads it now: the result, the record and the battle report.
            </Alert>
          )}
          <BattlePanels b={b} />
        </Stack>
      </Container>
      <footer className="aoa-phone-bar" aria-label="Table tools">
        <Stack gap="xs">
          <WaitingTaps outbox={b.outbox} onDismiss={b.dismissRefused} />
          <ErrorAlert error={b.act.error} onClose={() => b.act.reset()} />
          <ErrorAlert error={pdfError} onClose={() => setPdfError(null)} />
          <SimpleGrid cols={3} spacing="xs">
            <Button variant="default" leftSection={<IconDice5 size={18} />} onClick={() => setOdds(true)}>
              Odds
            </Button>
            <PhonePdfButton label="Crib sheet" icon={<IconBook size={18} />} render={() => cribSheetOf(b, 'A4')} onError={setPdfError} />
            <PhonePdfButton
              label="Report"
              icon={<IconFileTypePdf size={18} />}
              render={() => api.call('print.battleReport', { battleId, paperSize: 'A4' })}
              onError={setPdfError}
            />
          </SimpleGrid>
        </Stack>
      </footer>
      <AttackOddsDrawer b={b} opened={odds} onClose={() => setOdds(false)} position="bottom" size="100%" />
    </div>
  );
}

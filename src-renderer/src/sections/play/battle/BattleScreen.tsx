import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDice5 } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../../components/Loading';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { stopRepeatClicks } from '../repeat-clicks';
import { useBattle } from '../useBattle';
import { CribSheetButton } from './CribSheetButton';
import { BattleReportButton } from './BattleReportButton';
import { AttackOddsDrawer, BattlePanels, battleLine, BattleStatus, BattleTitle } from './BattlePanels';

/** The round screen: one battle, its phase in large type, the step to take now, and the record beside it. */
export function BattleScreen() {
  const { battleId = '' } = useParams();
  const b = useBattle(battleId);
  const [odds, setOdds] = useState(false);
  if (b.error) return <ErrorAlert error={b.error} />;
  const detail = b.battle.data;
  const { state, rules, pack } = b;
  if (!detail || !state || !rules || !pack) return <Loading label="Loading the battle" />;

  return (
    <Stack onClickCapture={stopRepeatClicks}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <BattleTitle b={b} />
          <Text c="dimmed" size="sm">
            {battleLine(b)}
          </Text>
        </Stack>
        <Group>
          <Button variant="default" size="md" leftSection={<IconDice5 size={18} />} onClick={() => setOdds(true)}>
            Attack odds
          </Button>
          <CribSheetButton b={b} />
          <BattleReportButton battleId={battleId} />
        </Group>
      </Group>
      <BattleStatus b={b} />
      <ErrorAlert error={b.act.error} />
      <BattlePanels b={b} />
      <AttackOddsDrawer b={b} opened={odds} onClose={() => setOdds(false)} position="right" size="xl" />
    </Stack>
  );
}

import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { useApiQuery } from '../../api/hooks';
import { StartBattleForm } from './StartBattleForm';
import { ACTION_COLOR } from './labels';
import { TableHead } from '../../components/TableHead';
import { Name, Players } from '../../components/Name';

const STATUS = {
  in_progress: { label: 'In progress', color: 'green' },
  finished: { label: 'Finished', color: 'gray' },
  abandoned: { label: 'Abandoned', color: 'orange' },
} as const;

/** "Campaign name, mission 2", the name isolated. */
function GameOf({ b }: { b: { campaignName: string | null; mission: number | null } }) {
  return (
    <>
      <Name>{b.campaignName ?? 'Campaign'}</Name>, mission {b.mission}
    </>
  );
}

export function PlayHome() {
  const battles = useApiQuery('battles.list', {});
  const running = battles.data?.filter((b) => b.status === 'in_progress') ?? [];
  return (
    <Stack>
      <PageHeader
        title="Play"
        help={{ guide: 'organiser-evening', at: 'play-mode' }}
        description="Run a battle at the table: the app keeps the round, draws the bag, rolls the events and records the playtest as you go."
        actions={
          <Button component={Link} to="/play/first-mission" variant="default" leftSection={<IconSparkles size={18} />}>
            Play your first mission
          </Button>
        }
      />
      <ErrorAlert error={battles.error} />
      {running.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Battles in progress
          </Title>
          <Stack gap="xs">
            {running.map((b) => (
              <Group key={b.id} justify="space-between">
                <Text>
                  <Players names={b.players} /> · {b.mode === 'campaign' ? <GameOf b={b} /> : b.mode} · round {b.round || 'setup'}
                  {b.missionRecordedElsewhere && (
                    <Badge ml="xs" color="orange" variant="light">
                      Mission already recorded
                    </Badge>
                  )}
                </Text>
                <Button color={ACTION_COLOR} component={Link} to={`/play/battle/${b.id}`} leftSection={<IconPlayerPlay size={16} />} size="md">
                  Resume
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <StartBattleForm />
      {battles.data && battles.data.some((b) => b.status !== 'in_progress') && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Earlier battles
          </Title>
          <Table>
            <TableHead columns={['Players', 'Game', 'Status', 'Date']} />
            <Table.Tbody>
              {battles.data
                .filter((b) => b.status !== 'in_progress')
                .map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/play/battle/${b.id}`}>
                        <Players names={b.players} />
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{b.mode === 'campaign' ? <GameOf b={b} /> : b.mode}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS[b.status].color}>{STATUS[b.status].label}</Badge>
                    </Table.Td>
                    <Table.Td>{b.startedAt.slice(0, 10)}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}

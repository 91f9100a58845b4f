import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import type { Journal } from '../../../../src-shared/contract/ledger.contract';
import { TableHead } from '../../components/TableHead';
import type { CorrectionAction } from './CorrectionModal';

type Player = Journal['players'][number];
type Inventory = Player['inventory'];

/** "Why 428?": each ledger line behind the allowance, with its mission, reason, amount and running total. */
function AllowanceExplanation({ p }: { p: Player }) {
  return (
    <Table aria-label={`Why ${p.playerName}'s allowance is ${p.allowance}`} fz="sm">
      <Table.Tbody>
        {p.explanation.map((l) => (
          <Table.Tr key={l.entryId}>
            <Table.Td>{l.mission ? `M${l.mission}` : ''}</Table.Td>
            <Table.Td>{l.reason}</Table.Td>
            <Table.Td ta="right">
              {l.amount > 0 ? '+' : ''}
              {l.amount}
            </Table.Td>
            <Table.Td ta="right" c="dimmed">
              {l.running}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function VeteranFormations({ playerName, formations }: { playerName: string; formations: Inventory['formations'] }) {
  if (formations.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No service marks yet.
      </Text>
    );
  return (
    <Table fz="sm" aria-label={`${playerName} formations`}>
      <TableHead columns={['Formation', 'Marks', 'Rank', 'Veteran Sixes']} />
      <Table.Tbody>
        {formations.map((f) => (
          <Table.Tr key={f.formationId}>
            <Table.Td>
              {f.name} {f.cryptidVeteran && <Badge size="xs">Cryptid Veteran</Badge>}
            </Table.Td>
            <Table.Td>{f.serviceMarks}</Table.Td>
            <Table.Td>{f.rank ?? '–'}</Table.Td>
            <Table.Td>{f.veteranSixes}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CryptidDice({ playerName, dice, onCorrect }: { playerName: string; dice: Inventory['cryptidDice']; onCorrect: (action: CorrectionAction) => void }) {
  if (dice.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None held.
      </Text>
    );
  return (
    <Stack gap={4} aria-label={`${playerName} Cryptid Dice`} role="list">
      {dice.map((d) => (
        <Group key={d.id} justify="space-between" role="listitem">
          <Text size="sm">
            Earned by {d.formationName}
            {d.mission ? ` in mission ${d.mission}` : ''}
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => onCorrect({ kind: 'spend-die', dieId: d.id })}
            aria-label={`Spend the Cryptid Die earned by ${d.formationName}`}
          >
            Spend
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

function Trophies({
  playerName,
  trophies,
  onCorrect,
  trophyEffect,
}: {
  playerName: string;
  trophies: Inventory['trophies'];
  onCorrect: (action: CorrectionAction) => void;
  trophyEffect: (trophyId: string) => string | null;
}) {
  if (trophies.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None claimed.
      </Text>
    );
  return (
    <Stack gap={4} aria-label={`${playerName} trophies`} role="list">
      {trophies.map((t) => (
        <Group key={t.trophyId} justify="space-between" role="listitem">
          <Stack gap={0}>
            <Text size="sm">
              {t.name}{' '}
              <Badge size="xs" color={t.status === 'banked' ? 'teal.9' : 'gray'} variant="outline">
                {t.status}
              </Badge>
            </Text>
            {trophyEffect(t.trophyId) && (
              <Text size="xs" data-testid="journal-trophy-effect">
                {trophyEffect(t.trophyId)}
              </Text>
            )}
          </Stack>
          {t.status === 'banked' && (
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => onCorrect({ kind: 'use-trophy', trophyId: t.trophyId })}
              aria-label={`Use the banked trophy ${t.name}`}
            >
              Use
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** A player's side of the ledger: the allowance and why, the veteran formations, the Cryptid Dice and the trophies. */
export function PlayerCard({
  p,
  standing,
  onCorrect,
  trophyEffect,
}: {
  p: Player;
  standing?: { wins: number; draws: number; losses: number; victoryPoints: number };
  onCorrect: (action: CorrectionAction) => void;
  /** What a trophy does, from the campaign's pack (null when the pack has no such trophy). */
  trophyEffect: (trophyId: string) => string | null;
}) {
  const inv = p.inventory;
  return (
    <Card withBorder aria-label={`${p.playerName} ledger`}>
      <Group justify="space-between" align="flex-start">
        <Title order={2} size="h3">
          {p.playerName}
        </Title>
        <Stack gap={0} align="flex-end">
          <Text size="xl" fw={700} data-testid="allowance" aria-label={`${p.playerName} allowance`}>
            {p.allowance} RP
          </Text>
          {standing && (
            <Text size="xs" c="dimmed">
              {standing.wins} won · {standing.draws} drawn · {standing.losses} lost · {standing.victoryPoints} VP
            </Text>
          )}
        </Stack>
      </Group>
      <Group justify="space-between" mt="sm">
        <Text size="sm" fw={600}>
          Why {p.allowance}?
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencilPlus size={14} />}
          onClick={() => onCorrect({ kind: 'rp' })}
          aria-label={`Correct ${p.playerName}'s ledger`}
        >
          Correct…
        </Button>
      </Group>
      <AllowanceExplanation p={p} />
      <Text size="sm" fw={600} mt="sm">
        Veteran formations
      </Text>
      <VeteranFormations playerName={p.playerName} formations={inv.formations} />
      <Text size="sm" fw={600} mt="sm">
        Cryptid Dice
      </Text>
      <CryptidDice playerName={p.playerName} dice={inv.cryptidDice} onCorrect={onCorrect} />
      <Text size="sm" fw={600} mt="sm">
        Trophies
      </Text>
      <Trophies playerName={p.playerName} trophies={inv.trophies} onCorrect={onCorrect} trophyEffect={trophyEffect} />
    </Card>
  );
}

import { Badge, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { FinishPreview } from '../../../../src-shared/campaign/finish-plan';

/**
 * What Finish Mission will record, line by line with its reason, before anything is written; once it is written
 * (`done`), the same lines say what changed.
 */
export function FinishPreviewPanel({ preview, done = false }: { preview: FinishPreview; done?: boolean }) {
  return (
    <Stack aria-label={done ? 'What changed' : 'Rewards to record'} role="region">
      {!preview.recordsToCampaign && <Text>{preview.players[0]?.noRewardReason}</Text>}
      {preview.warnings.map((w) => (
        <Text key={w} c="orange" size="sm">
          {w}
        </Text>
      ))}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {preview.players.map((p) => (
          <Card withBorder key={p.playerId} aria-label={`${p.playerName} rewards`}>
            <Group justify="space-between">
              <Title order={3} size="h4">
                <bdi>{p.playerName}</bdi>
              </Title>
              {/* filled in a mid shade, so the theme's contrast threshold gives it readable text in both schemes */}
              <Badge variant="filled" color={p.result === 'win' ? 'green.8' : p.result === 'draw' ? 'gray.7' : 'red.8'}>
                {p.result}
              </Badge>
            </Group>
            <Table mt="xs">
              <Table.Tbody>
                {p.lines.map((l) => (
                  <Table.Tr key={l.kind}>
                    <Table.Td>{l.reason}</Table.Td>
                    <Table.Td ta="right">+{l.amount}</Table.Td>
                  </Table.Tr>
                ))}
                {p.ceilingCut > 0 && (
                  <Table.Tr>
                    <Table.Td>Above the ceiling, not added</Table.Td>
                    <Table.Td ta="right">−{p.ceilingCut}</Table.Td>
                  </Table.Tr>
                )}
                {p.noRewardReason && (
                  <Table.Tr>
                    <Table.Td colSpan={2}>{p.noRewardReason}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
            <Text fw={600} mt="xs" data-testid="allowance-change">
              Allowance {p.allowanceBefore} → {p.allowanceAfter} RP
            </Text>
            {p.formations.length > 0 && (
              <List size="sm" mt="xs">
                {p.formations.map((f) => (
                  <List.Item key={f.formationId}>
                    <b>
                      <bdi>{f.name}</bdi>
                    </b>
                    : {f.note}
                    {f.marksAfter !== f.marksBefore ? ` (service marks ${f.marksBefore} → ${f.marksAfter})` : ''}
                    {f.rankAfter !== f.rankBefore && f.rankAfter
                      ? `; rank ${f.rankAfter} (${f.veteranSixesAfter} Veteran Six${f.veteranSixesAfter === 1 ? '' : 'es'} next battle)`
                      : ''}
                    {f.cryptidDice > 0 ? `; ${f.cryptidDice} Cryptid Di${f.cryptidDice === 1 ? 'e' : 'ce'}` : ''}
                    {f.cryptidVeteran ? '; Cryptid Veteran' : ''}
                  </List.Item>
                ))}
              </List>
            )}
            {p.trophies.map((t) => (
              <Text size="sm" key={t.trophyId}>
                Trophy <bdi>{t.name}</bdi>: {t.disposition}
              </Text>
            ))}
            {p.cryptidDiceSpent.length > 0 && (
              <Text size="sm">
                {p.cryptidDiceSpent.length} Cryptid Di{p.cryptidDiceSpent.length === 1 ? 'e' : 'ce'} spent
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      {preview.recordsToCampaign && (
        <Text size="sm">
          {preview.campaignFinished
            ? done
              ? 'The finale is in: the campaign is complete.'
              : 'This is the finale: the campaign will be complete.'
            : done
              ? `Mission ${preview.nextMission} is unlocked.`
              : `Mission ${preview.nextMission} will be unlocked.`}
        </Text>
      )}
    </Stack>
  );
}

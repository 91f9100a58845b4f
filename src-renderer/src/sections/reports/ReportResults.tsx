import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { counted } from '../../../../src-shared/naming';
import { compareRuling, type ReportFigures } from '../../../../src-shared/reports/aggregate';
import { rulingLabel } from '../../../../src-shared/ruleset/options';
import { TableHead } from '../../components/TableHead';
import { pct, ReportCard, Trace, type OnOpen } from './report-pieces';

/** The report's cards on who won: the charts, the results by faction and by ruling, and the disputed rulings. */
type CardProps = { report: ReportFigures; name: (id: string) => string; onOpen: OnOpen };

export function ResultCharts({ report: r, name }: Omit<CardProps, 'onOpen'>) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ReportCard id="chart-factions" title="Wins, draws and losses by faction">
        <BarChart
          h={240}
          data={r.byFaction.map((f) => ({ faction: name(f.factionId), Wins: f.wins, Draws: f.draws, Losses: f.losses }))}
          dataKey="faction"
          series={[
            { name: 'Wins', color: 'green.7' },
            { name: 'Draws', color: 'gray.6' },
            { name: 'Losses', color: 'red.7' },
          ]}
          withLegend
          data-testid="faction-chart"
        />
      </ReportCard>
      <ReportCard id="chart-rounds" title="Mean time per round (minutes)">
        <BarChart
          h={240}
          data={r.roundTimes.map((t) => ({ round: `Round ${t.round}`, Minutes: Math.round((t.meanSeconds / 60) * 10) / 10 }))}
          dataKey="round"
          series={[{ name: 'Minutes', color: 'blue.7' }]}
          data-testid="round-chart"
        />
      </ReportCard>
    </SimpleGrid>
  );
}

export function FactionResultsCard({ report: r, name, onOpen }: CardProps) {
  return (
    <ReportCard id="t-factions" title="Results by faction">
      <Table striped aria-labelledby="t-factions">
        <TableHead columns={['Faction', 'Games', 'Wins', 'Draws', 'Losses', 'Win rate']} />
        <Table.Tbody>
          {r.byFaction.map((f) => (
            <Table.Tr key={f.factionId}>
              <Table.Td>{name(f.factionId)}</Table.Td>
              <Table.Td>
                <Trace trace={{ kind: 'faction', factionId: f.factionId }} count={f.battleCount} label={name(f.factionId)} onOpen={onOpen}>
                  {f.games}
                </Trace>
              </Table.Td>
              <Table.Td>{f.wins}</Table.Td>
              <Table.Td>{f.draws}</Table.Td>
              <Table.Td>{f.losses}</Table.Td>
              <Table.Td>{pct(f.winRate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ReportCard>
  );
}

const rate = (x: number | null) => (x === null ? '–' : pct(x));

function RulingTable({ report: r, row, name, onOpen }: CardProps & { row: ReportFigures['byRuling'][number] }) {
  const c = compareRuling(r, row);
  const label = rulingLabel(row.ruling);
  return (
    <Table striped aria-label={label}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        {label} ·{' '}
        <Trace trace={{ kind: 'ruling', ruling: row.ruling }} count={row.battleCount} label={label} onOpen={onOpen}>
          {row.battles === r.games ? 'every battle' : `${row.battles} of ${counted(r.games, 'battle')}`}
        </Trace>
      </Table.Caption>
      <TableHead columns={['Faction', 'Games under it', 'Win rate under it', 'Games at the default', 'Win rate at the default']} />
      <Table.Tbody>
        {c.factions.map((f) => (
          <Table.Tr key={f.factionId}>
            <Table.Td>{name(f.factionId)}</Table.Td>
            <Table.Td>{f.under.games}</Table.Td>
            <Table.Td>{rate(f.under.winRate)}</Table.Td>
            <Table.Td>{f.atDefault.games}</Table.Td>
            <Table.Td>{rate(f.atDefault.winRate)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td>Mean VP per side</Table.Td>
          <Table.Td>{c.vpSides.under}</Table.Td>
          <Table.Td>{c.meanVpPerSide.under?.toFixed(2) ?? '–'}</Table.Td>
          <Table.Td>{c.vpSides.atDefault}</Table.Td>
          <Table.Td>{c.meanVpPerSide.atDefault?.toFixed(2) ?? '–'}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** One table per ruling that differs from the default. Nothing when every battle was played at the defaults. */
export function RulingResultsCard(props: CardProps) {
  if (props.report.byRuling.length === 0) return null;
  return (
    <ReportCard id="t-rulings" title="Results by ruling" titleGap="xs">
      <Text size="sm" c="dimmed" mb="sm">
        Each ruling that differs from the default, with the results of the battles played under it beside those played at the default.
      </Text>
      <Stack gap="md">
        {props.report.byRuling.map((row) => (
          <RulingTable key={row.ruling} {...props} row={row} />
        ))}
      </Stack>
    </ReportCard>
  );
}

export function DisputesCard({ report: r, onOpen }: Omit<CardProps, 'name'>) {
  return (
    <ReportCard id="t-disputes" title="Disputed or confusing rulings">
      {r.disputes.length === 0 ? (
        <Text c="dimmed">None recorded.</Text>
      ) : (
        <Table striped aria-labelledby="t-disputes">
          <TableHead columns={['Rule', 'Times', 'What came up']} />
          <Table.Tbody>
            {r.disputes.map((d) => (
              <Table.Tr key={d.ruleRef}>
                <Table.Td>{d.ruleRef}</Table.Td>
                <Table.Td>
                  <Trace trace={{ kind: 'dispute', ruleRef: d.ruleRef }} count={d.battleCount} label={`Ruling ${d.ruleRef}`} onOpen={onOpen}>
                    {d.count}
                  </Trace>
                </Table.Td>
                <Table.Td>{d.notes.join('; ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ReportCard>
  );
}

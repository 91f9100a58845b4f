import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { counted } from '../../../../src-shared/naming';
import type { ReportFigures } from '../../../../src-shared/reports/aggregate';
import { Name } from '../../components/Name';
import { Stat } from '../../components/Stat';
import { TableHead } from '../../components/TableHead';
import { pct, Trace, type OnOpen } from './report-pieces';
import { DisputesCard, FactionResultsCard, ResultCharts, RulingResultsCard } from './ReportResults';
import { UnitsAndUsage } from './ReportUnitsAndUsage';

/** The round-two events the report counts battles of. */
const EVENT_LABELS = { cryptid: 'Cryptid battles', storm: 'Storm battles' } as const;

const minutes = (s: number) => `${(s / 60).toFixed(1)} min`;

export function ReportView({ report: r, names, onOpen }: { report: ReportFigures; names: Record<string, string>; onOpen: OnOpen }) {
  const cards = { report: r, name: (id: string) => names[id] ?? id, onOpen };
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Stat label="Games">{r.sources.paper ? `${r.games} (${r.sources.play} Play Mode, ${r.sources.paper} paper)` : r.games}</Stat>
        <Stat label="Mean battle time">{minutes(r.meanBattleSeconds)}</Stat>
        {(['cryptid', 'storm'] as const).map((kind) => (
          <Stat key={kind} label={EVENT_LABELS[kind]}>
            <Trace trace={{ kind }} count={r[kind].battleCount} label={EVENT_LABELS[kind]} onOpen={onOpen}>
              {`${r[kind].battles} (${pct(r[kind].frequency)})`}
            </Trace>
          </Stat>
        ))}
        <Stat label="Alternating module">{r.sequences.alternating}</Stat>
      </SimpleGrid>
      <ResultCharts report={r} name={cards.name} />
      <FactionResultsCard {...cards} />
      <RulingResultsCard {...cards} />
      <DisputesCard report={r} onOpen={onOpen} />
      <RatingsCard ratings={r.ratings} />
      <UnitsAndUsage {...cards} />
    </Stack>
  );
}

/** The players' own word (Field Manual §12, "speed, clarity and fun"): fun and clarity 1–5 and the rules that confused them. */
function RatingsCard({ ratings: x }: { ratings: ReportFigures['ratings'] }) {
  const figure = (f: ReportFigures['ratings']['fun']) =>
    f.n === 0 ? 'not rated' : `mean ${f.mean!.toFixed(2)}, median ${f.median!} (${counted(f.n, 'side')})`;
  return (
    <Card withBorder component="section" aria-labelledby="t-ratings">
      <Title order={2} size="h4" id="t-ratings" mb="sm">
        Players’ ratings
      </Title>
      {x.sides === 0 ? (
        <Text c="dimmed">No player rated a battle of this report.</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{counted(x.sides, 'side')} rated their battle (1 to 5).</Text>
          <Text size="sm" data-testid="rating-fun">
            Fun: {figure(x.fun)}
          </Text>
          <Text size="sm" data-testid="rating-clarity">
            Clarity: {figure(x.clarity)}
          </Text>
          {x.confusingRules.length > 0 && (
            <Table striped aria-label="Rules that confused the players">
              <TableHead columns={['A rule that confused them', 'Sides']} />
              <Table.Tbody>
                {x.confusingRules.map((c) => (
                  <Table.Tr key={c.rule}>
                    <Table.Td>
                      <Name>{c.rule}</Name>
                    </Table.Td>
                    <Table.Td>{c.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Card>
  );
}

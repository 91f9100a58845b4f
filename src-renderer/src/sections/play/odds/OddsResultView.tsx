import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { OddsResult } from '../../../../../src-shared/odds/exact';
import { fracToNumber, fracToString, type Fraction } from '../../../../../src-shared/odds/fraction';
import { TableHead } from '../../../components/TableHead';

/** One decimal; a chance that is real but rounds to nothing says so instead of "0.0%". */
const pctOf = (v: number) => (v > 0 && v < 0.0005 ? '<0.1%' : v < 1 && v > 0.9995 ? '>99.9%' : `${(v * 100).toFixed(1)}%`);
const pct = (f: Fraction) => pctOf(fracToNumber(f));
const targetText = (n: number | null) => (n === null ? 'none' : n >= 7 ? '6 only' : `${n}+`);

function Stat({ label, value, exact, testId }: { label: string; value: string; exact: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" title="exact probability">
        exactly {exact}
      </Text>
    </Paper>
  );
}

/** A stat that is an expected number of Wounds rather than a chance. */
function ExpectedStat({ label, expected, testId }: { label: string; expected: Fraction; testId: string }) {
  return <Stat label={label} value={fracToNumber(expected).toFixed(2)} exact={`${fracToString(expected)} expected`} testId={testId} />;
}

/** The answer to "what are my odds?": headline chances, a chart and the exact table. */
export function OddsResultView({ result }: { result: OddsResult }) {
  const t = result.targets;
  let atLeast = 1;
  const rows = result.damage.map((e) => {
    const row = { value: e.value, p: e.p, atLeast };
    atLeast -= fracToNumber(e.p);
    return row;
  });
  // every damage value from 0 to the most possible, so impossible totals show as gaps rather than vanish
  const byValue = new Map(result.damage.map((e) => [e.value, fracToNumber(e.p)]));
  const top = result.damage.at(-1)?.value ?? 0;
  const chart = Array.from({ length: top + 1 }, (_, v) => ({
    damage: String(v),
    chance: Math.round((byValue.get(v) ?? 0) * 1000) / 10,
  }));
  return (
    <Stack gap="sm" aria-live="polite">
      <Text size="sm" c="dimmed">
        After modifiers: Hit {targetText(t.hit)}
        {t.steadyHit !== null && ` (one die ${targetText(t.steadyHit)})`}, Wound {targetText(t.wound)}, Save {targetText(t.save)}
        {t.stormReduction > 0 && `, storm −${t.stormReduction} Damage`}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: result.pKill || result.self || result.friendly ? 4 : 2 }}>
        <Stat label="Any damage" value={pct(result.pAny)} exact={fracToString(result.pAny)} testId="odds-any" />
        <Stat label="Expected damage" value={fracToNumber(result.expected).toFixed(2)} exact={fracToString(result.expected)} testId="odds-expected" />
        {result.pKill && <Stat label="Removes last Wound" value={pct(result.pKill)} exact={fracToString(result.pKill)} testId="odds-kill" />}
        {result.selfExpected && <ExpectedStat label="Wounds to attacker" expected={result.selfExpected} testId="odds-self" />}
        {result.pFriendlyHit && (
          <Stat label="A shot hits a friend" value={pct(result.pFriendlyHit)} exact={fracToString(result.pFriendlyHit)} testId="odds-friendly-hit" />
        )}
        {result.friendlyExpected && <ExpectedStat label="Wounds to our fighters" expected={result.friendlyExpected} testId="odds-friendly" />}
      </SimpleGrid>
      <Title order={4} id="odds-chart-title">
        Damage dealt
      </Title>
      <BarChart
        h={180}
        data={chart}
        dataKey="damage"
        series={[{ name: 'chance', label: 'Chance', color: 'orange.6' }]}
        valueFormatter={(v) => `${v}%`}
        xAxisLabel="Damage"
        aria-labelledby="odds-chart-title"
        role="img"
      />
      <Table striped withTableBorder fz="sm" aria-label="Damage distribution" captionSide="bottom">
        <TableHead columns={['Damage', 'Exactly', 'At least', 'Fraction']} />
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.value}>
              <Table.Td>{r.value}</Table.Td>
              <Table.Td>{pct(r.p)}</Table.Td>
              <Table.Td>{pctOf(Math.max(0, r.atLeast))}</Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed" component="span">
                  {fracToString(r.p)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {result.self && (
        <Group gap="xs">
          <Text size="sm">Wounds to the attacker (no Save):</Text>
          {result.self.map((e) => (
            <Text key={e.value} size="sm" c="dimmed">
              {e.value}: {pct(e.p)}
            </Text>
          ))}
        </Group>
      )}
      {result.friendly && (
        <Group gap="xs" aria-label="Damage to our fighters in the melee">
          <Text size="sm">Damage to our fighters in the melee:</Text>
          {result.friendly.map((e) => (
            <Text key={e.value} size="sm" c="dimmed">
              {e.value}: {pct(e.p)}
            </Text>
          ))}
        </Group>
      )}
    </Stack>
  );
}

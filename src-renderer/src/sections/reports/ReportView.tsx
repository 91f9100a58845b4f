import { counted, EXPLOSION_CAUSE_NAMES, FORMATION_TYPE_NAMES, nameOf, USAGE_KIND_NAMES, VP_SOURCE_NAMES } from '../../../../src-shared/naming';
import { TRACKED_ABILITIES } from '../../../../src-shared/battle/abilities';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { compareRuling, type ReportFigures } from '../../../../src-shared/reports/aggregate';
import type { ReportTrace } from '../../../../src-shared/reports/trace';
import { rulingLabel } from '../../../../src-shared/ruleset/options';
import { Stat } from '../../components/Stat';
import { Name } from '../../components/Name';
import { TableHead } from '../../components/TableHead';
import { TraceButton } from '../../components/TraceButton';
import type { OpenedFigure } from './BattlesDrawer';

type OnOpen = (figure: OpenedFigure) => void;

/** The round-two events the report counts battles of. */
const EVENT_LABELS = { cryptid: 'Cryptid battles', storm: 'Storm battles' } as const;

const pct = (x: number) => `${Math.round(x * 100)}%`;
const minutes = (s: number) => `${(s / 60).toFixed(1)} min`;

/** A figure that opens the battles behind it; with none behind it (no storm yet), just the figure. */
function Trace({ trace, count, label, onOpen, children }: { trace: ReportTrace; count: number; label: string; onOpen: OnOpen; children: React.ReactNode }) {
  return (
    <TraceButton count={count} label={label} onOpen={() => onOpen({ title: label, trace, count })}>
      {children}
    </TraceButton>
  );
}

export function ReportView({ report: r, names, onOpen }: { report: ReportFigures; names: Record<string, string>; onOpen: OnOpen }) {
  const n = (id: string) => names[id] ?? id;
  // a usage row's name: explosions are counted by cause, unit abilities by the special rule's id (issue 16)
  const usageName = (u: { kind: string; id: string }) =>
    u.kind === 'explosion' ? nameOf(EXPLOSION_CAUSE_NAMES, u.id) : u.kind === 'unit-ability' ? (TRACKED_ABILITIES[u.id]?.name ?? n(u.id)) : n(u.id);
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

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder component="section" aria-labelledby="chart-factions">
          <Title order={2} size="h4" id="chart-factions" mb="sm">
            Wins, draws and losses by faction
          </Title>
          <BarChart
            h={240}
            data={r.byFaction.map((f) => ({ faction: n(f.factionId), Wins: f.wins, Draws: f.draws, Losses: f.losses }))}
            dataKey="faction"
            series={[
              { name: 'Wins', color: 'green.7' },
              { name: 'Draws', color: 'gray.6' },
              { name: 'Losses', color: 'red.7' },
            ]}
            withLegend
            data-testid="faction-chart"
          />
        </Card>
        <Card withBorder component="section" aria-labelledby="chart-rounds">
          <Title order={2} size="h4" id="chart-rounds" mb="sm">
            Mean time per round (minutes)
          </Title>
          <BarChart
            h={240}
            data={r.roundTimes.map((t) => ({ round: `Round ${t.round}`, Minutes: Math.round((t.meanSeconds / 60) * 10) / 10 }))}
            dataKey="round"
            series={[{ name: 'Minutes', color: 'blue.7' }]}
            data-testid="round-chart"
          />
        </Card>
      </SimpleGrid>

      <Card withBorder component="section" aria-labelledby="t-factions">
        <Title order={2} size="h4" id="t-factions" mb="sm">
          Results by faction
        </Title>
        <Table striped aria-labelledby="t-factions">
          <TableHead columns={['Faction', 'Games', 'Wins', 'Draws', 'Losses', 'Win rate']} />
          <Table.Tbody>
            {r.byFaction.map((f) => (
              <Table.Tr key={f.factionId}>
                <Table.Td>{n(f.factionId)}</Table.Td>
                <Table.Td>
                  <Trace trace={{ kind: 'faction', factionId: f.factionId }} count={f.battleCount} label={n(f.factionId)} onOpen={onOpen}>
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
      </Card>

      {r.byRuling.length > 0 && (
        <Card withBorder component="section" aria-labelledby="t-rulings">
          <Title order={2} size="h4" id="t-rulings" mb="xs">
            Results by ruling
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Each ruling that differs from the default, with the results of the battles played under it beside those played at the default.
          </Text>
          <Stack gap="md">
            {r.byRuling.map((row) => {
              const c = compareRuling(r, row);
              const label = rulingLabel(row.ruling);
              const rate = (x: number | null) => (x === null ? '–' : pct(x));
              return (
                <Table key={row.ruling} striped aria-label={label}>
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
                        <Table.Td>{n(f.factionId)}</Table.Td>
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
            })}
          </Stack>
        </Card>
      )}

      <Card withBorder component="section" aria-labelledby="t-disputes">
        <Title order={2} size="h4" id="t-disputes" mb="sm">
          Disputed or confusing rulings
        </Title>
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
      </Card>

      <RatingsCard ratings={r.ratings} />

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder component="section" aria-labelledby="t-wounds">
          <Title order={2} size="h4" id="t-wounds" mb="sm">
            Wounds by ranged and melee
          </Title>
          <Text size="sm" mb="xs">
            All battles: {r.woundTotals.ranged} ranged, {r.woundTotals.melee} melee.
          </Text>
          <Table striped aria-labelledby="t-wounds">
            <TableHead columns={['Faction', 'Unit type', 'Ranged', 'Melee']} />
            <Table.Tbody>
              {r.wounds.map((w) => (
                <Table.Tr key={`${w.factionId}|${w.unitType}`}>
                  <Table.Td>{n(w.factionId)}</Table.Td>
                  <Table.Td>{nameOf(FORMATION_TYPE_NAMES, w.unitType)}</Table.Td>
                  {(['ranged', 'melee'] as const).map((kind) => (
                    <Table.Td key={kind}>
                      <Trace
                        trace={{ kind: 'wounds', factionId: w.factionId, unitType: w.unitType }}
                        count={w.battleCount}
                        label={`${n(w.factionId)}, ${nameOf(FORMATION_TYPE_NAMES, w.unitType)} ${kind} wounds`}
                        onOpen={onOpen}
                      >
                        {w[kind]}
                      </Trace>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
        <Stack>
          <Card withBorder component="section" aria-labelledby="t-usage">
            <Title order={2} size="h4" id="t-usage" mb="sm">
              Orders, gambits and abilities
            </Title>
            <Table striped aria-labelledby="t-usage">
              <Table.Tbody>
                {r.usage.map((u) => (
                  <Table.Tr key={`${u.kind}|${u.id}`}>
                    <Table.Td>{nameOf(USAGE_KIND_NAMES, u.kind)}</Table.Td>
                    <Table.Td>{usageName(u)}</Table.Td>
                    <Table.Td>
                      <Trace trace={{ kind: 'usage', usageKind: u.kind, id: u.id }} count={u.battleCount} label={usageName(u)} onOpen={onOpen}>
                        {counted(u.uses, 'use')}
                      </Trace>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Card withBorder component="section" aria-labelledby="t-misc">
            <Title order={2} size="h4" id="t-misc" mb="sm">
              VP, Uncloak and service marks
            </Title>
            <Group gap="xl" align="flex-start">
              <Stack gap={2}>
                {r.vpBySource.map((v) => (
                  <Text size="sm" key={v.source}>
                    {nameOf(VP_SOURCE_NAMES, v.source)}: {v.total} VP ({v.meanPerSide.toFixed(2)} per side, n = {v.sides})
                  </Text>
                ))}
              </Stack>
              <Stack gap={2}>
                {r.uncloak.map((u) => (
                  <Text size="sm" key={u.round}>
                    Uncloaked in round {u.round}:{' '}
                    <Trace trace={{ kind: 'uncloak', round: u.round }} count={u.battleCount} label={`Uncloaked in round ${u.round}`} onOpen={onOpen}>
                      {u.count}
                    </Trace>
                  </Text>
                ))}
              </Stack>
              <Stack gap={2}>
                {r.serviceMarks.map((m) => (
                  <Text size="sm" key={m.unitType}>
                    {nameOf(FORMATION_TYPE_NAMES, m.unitType)}: {pct(m.rate)} survive
                  </Text>
                ))}
              </Stack>
            </Group>
          </Card>
        </Stack>
      </SimpleGrid>
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

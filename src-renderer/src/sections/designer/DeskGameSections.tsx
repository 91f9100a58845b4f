import { SimpleGrid, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableHead } from '../../components/TableHead';
import { interval, nameIn, num, pct, Section, SubjectCell, Trace, TooFew, type DeskSectionProps, type Figures } from './desk-pieces';

/** How the games went, beyond who won: their speed, the rulings disputed, the ratings, army points and the players. */

/** A rating as a designer reads it: "3.6 (3.1 – 4.0), median 4, n = 23", marked when too few rated it. */
function scaleWords(r: Figures['ratings'][number]['fun']): ReactNode {
  if (!r) return '–';
  return (
    <>
      {`${num(r.estimate, 1)} (${interval(r, (v) => v.toFixed(1))}), median ${r.median}, n = ${r.n}`}
      <TooFew on={r.tooFew} />
    </>
  );
}
const quart = (q: { median: number; q1: number; q3: number } | null) => (q ? `${q.median.toFixed(1)} (${q.q1.toFixed(1)}–${q.q3.toFixed(1)})` : '–');

function SpeedSection({ figures: f, onOpen }: Omit<DeskSectionProps, 'names'>) {
  return (
    <Section id="desk-speed" title="Speed by mission" note="Minutes, as median (first – third quartile).">
      <Table striped aria-labelledby="desk-speed">
        <TableHead columns={['Mission', 'Battles', 'Round', 'Battle']} />
        <Table.Tbody>
          {f.speed.map((s) => {
            const label = s.mission === null ? 'No mission' : `Mission ${s.mission}`;
            return (
              <Table.Tr key={s.id}>
                <SubjectCell tooFew={s.tooFew}>{label}</SubjectCell>
                <Table.Td>
                  <Trace id={s.id} count={s.battleCount} label={`${label} speed`} onOpen={onOpen}>
                    {s.n}
                  </Trace>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{quart(s.roundMinutes)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{quart(s.battleMinutes)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function DisputesSection({ figures: f, onOpen }: Omit<DeskSectionProps, 'names'>) {
  return (
    <Section id="desk-disputes" title="Disputed or confusing rulings" note="Per 100 battles, with what the players noted.">
      {f.disputes.length === 0 ? (
        <Text c="dimmed">None recorded.</Text>
      ) : (
        <Table striped aria-labelledby="desk-disputes">
          <TableHead columns={['Rule', 'Times', 'Per 100 battles', 'Notes']} />
          <Table.Tbody>
            {f.disputes.map((d) => (
              <Table.Tr key={d.id}>
                <SubjectCell tooFew={d.tooFew}>{d.ruleRef}</SubjectCell>
                <Table.Td>
                  <Trace id={d.id} count={d.battleCount} label={`Ruling ${d.ruleRef}`} onOpen={onOpen}>
                    {d.count}
                  </Trace>
                </Table.Td>
                <Table.Td>{d.per100.toFixed(1)}</Table.Td>
                <Table.Td>{d.notes.join('; ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** Speed by mission beside the disputed rulings, side by side on a wide screen. */
export function SpeedAndDisputes({ figures, onOpen }: Omit<DeskSectionProps, 'names'>) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <SpeedSection figures={figures} onOpen={onOpen} />
      <DisputesSection figures={figures} onOpen={onOpen} />
    </SimpleGrid>
  );
}

/** Fun and clarity by faction and by mission. Nothing when no battle was rated. */
export function RatingsSection({ figures: f, names, onOpen }: DeskSectionProps) {
  if (f.ratings.length === 0) return null;
  return (
    <Section
      id="desk-ratings"
      title="Fun and clarity"
      note="Mean rating from 1 to 5 with its 95% interval (a bootstrap, which stays on the scale), the median, and how many rated it: fun and clarity are counted apart."
    >
      <Table striped aria-labelledby="desk-ratings">
        <TableHead columns={['By', 'Which', 'Fun', 'Clarity', 'Battles']} />
        <Table.Tbody>
          {f.ratings.map((r) => {
            const which = r.by === 'faction' ? nameIn(names, r.key) : r.key === 'none' ? 'No mission' : `Mission ${r.key}`;
            return (
              <Table.Tr key={r.id}>
                <Table.Td>{r.by}</Table.Td>
                <SubjectCell tooFew={r.tooFew}>{which}</SubjectCell>
                <Table.Td>{scaleWords(r.fun)}</Table.Td>
                <Table.Td>{scaleWords(r.clarity)}</Table.Td>
                <Table.Td>
                  <Trace id={r.id} count={r.battleCount} label={`Ratings, ${which}`} onOpen={onOpen}>
                    {r.n}
                  </Trace>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** The chance to win against the points an army had over its opponent. Nothing when too few battles know both armies' points. */
export function PointsSection({ figures: f }: Pick<DeskSectionProps, 'figures'>) {
  const curve = f.pointsCurve;
  if (!curve) return null;
  return (
    <Section
      id="desk-points"
      title="Army points and results"
      note={`The chance to win against how many more points an army had than its opponent: a logistic curve through 50% at equal points, fitted over the ${curve.n} battles where both armies' points are known and one side won, with its 95% band. Slope ${num(curve.slope.estimate, 2)} (${interval(curve.slope, (v) => v.toFixed(2))}) on the log-odds scale per 100 points: an interval spanning 0 says the points may not matter at all.`}
    >
      <Table striped aria-labelledby="desk-points">
        <TableHead columns={['Points more than the opponent', 'Chance to win', '95% band']} />
        <Table.Tbody>
          {curve.at.map((x) => (
            <Table.Tr key={x.difference}>
              <Table.Td>{x.difference > 0 ? `+${x.difference}` : x.difference}</Table.Td>
              <Table.Td>{pct(x.estimate)}</Table.Td>
              <Table.Td>{interval(x)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** Players listed on the screen; the CSV and the trace have them all. */
const PLAYERS_SHOWN = 50;

/** Each player by their club's pseudonym, most games first. Nothing when no club sent its players. */
export function PlayersSection({ figures: f, names, onOpen }: DeskSectionProps) {
  if (f.players.length === 0) return null;
  return (
    <Section
      id="desk-players"
      title="Players"
      note={`Each player by the pseudonym their club sends, most games first${f.players.length > PLAYERS_SHOWN ? ` (the first ${PLAYERS_SHOWN} of ${f.players.length})` : ''}. A player's games are not independent of each other: one strong player who plays a faction often moves its win rate.`}
    >
      <Table striped aria-labelledby="desk-players">
        <TableHead columns={['Player', 'Games', 'Wins', 'Draws', 'Losses', 'Factions played']} />
        <Table.Tbody>
          {f.players.slice(0, PLAYERS_SHOWN).map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <bdi>{p.player}</bdi>
              </Table.Td>
              <Table.Td>
                <Trace id={p.id} count={p.battleCount} label={`Player ${p.player}`} onOpen={onOpen}>
                  {p.games}
                </Trace>
              </Table.Td>
              <Table.Td>{p.wins}</Table.Td>
              <Table.Td>{p.draws}</Table.Td>
              <Table.Td>{p.losses}</Table.Td>
              <Table.Td>{p.factions.map((x) => `${nameIn(names, x.factionId)} (${x.games})`).join(', ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

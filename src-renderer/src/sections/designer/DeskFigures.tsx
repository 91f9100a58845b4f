import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { counted, EXPLOSION_CAUSE_NAMES, FORMATION_TYPE_NAMES, VP_SOURCE_NAMES } from '../../../../src-shared/naming';
import { rulingLabel } from '../../../../src-shared/ruleset/options';
import { Stat } from '../../components/Stat';
import { TableHead } from '../../components/TableHead';
import { interval, num, pct, Section, SubjectCell, Trace, TooFew, type Figures, type OnOpen } from './desk-pieces';
import { UsageFigures } from './DeskUsage';
import { WinRateChart } from './WinRateChart';
import { factionModelNote } from '../../../../src-shared/desk/faction-adjusted';
import { MIRROR_NOTE } from '../../../../src-shared/desk/figures';

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

export function DeskFigures({ figures: f, names, onOpen }: { figures: Figures; names: Record<string, string>; onOpen: OnOpen }) {
  const n = (id: string) => names[id] ?? id;
  const fm = f.firstMover;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Battles">{f.battles}</Stat>
        <Stat label="Clubs">{f.clubs}</Stat>
        <Stat label="First mover wins">
          {fm.n === 0 ? (
            <Text c="dimmed" component="span">
              not recorded
            </Text>
          ) : (
            <>
              <Trace id={fm.id} count={fm.battleCount} label="First mover" onOpen={onOpen}>
                {pct(fm.winRate.estimate)}
              </Trace>
              <Text size="xs" c="dimmed" component="span" ml={6}>
                95% {interval(fm.winRate)}, n = {fm.n}
              </Text>
              <TooFew on={fm.tooFew} />
            </>
          )}
        </Stat>
      </SimpleGrid>

      <Section
        id="desk-factions"
        title="Win rate by faction"
        note="Wins over games against other factions (draws are not wins), with the Wilson 95% interval as whiskers."
      >
        <WinRateChart factions={f.factions} name={n} />
        <Table striped mt="md" aria-labelledby="desk-factions">
          <TableHead
            columns={[
              'Faction',
              'Games',
              'Wins',
              'Draws',
              'Losses',
              'Win rate',
              '95% interval',
              'n',
              'Mirror matches',
              'Adjusted for players (95%)',
              'VP difference (95%)',
            ]}
          />
          <Table.Tbody>
            {f.factions.map((x) => (
              <Table.Tr key={x.factionId}>
                <SubjectCell tooFew={x.tooFew}>{n(x.factionId)}</SubjectCell>
                <Table.Td>
                  <Trace id={x.id} count={x.battleCount} label={n(x.factionId)} onOpen={onOpen}>
                    {x.games}
                  </Trace>
                </Table.Td>
                <Table.Td>{x.wins}</Table.Td>
                <Table.Td>{x.draws}</Table.Td>
                <Table.Td>{x.losses}</Table.Td>
                <Table.Td>{pct(x.winRate.estimate)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{interval(x.winRate)}</Table.Td>
                <Table.Td>{x.n}</Table.Td>
                <Table.Td>{x.mirrors}</Table.Td>
                <Table.Td>{x.adjusted ? `${pct(x.adjusted.winChance.estimate)} (${interval(x.adjusted.winChance)})` : '–'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {num(x.vpDifference.estimate, 2)} ({interval(x.vpDifference, (v) => v.toFixed(2))})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {f.factions.length > 0 && (
          <Text size="sm" c="dimmed" mt="sm" data-testid="desk-mirror-note">
            {MIRROR_NOTE}
          </Text>
        )}
        {f.factionModel && (
          <Text size="sm" c="dimmed" mt="sm" data-testid="desk-faction-model">
            {factionModelNote(f.factionModel)}
          </Text>
        )}
      </Section>

      <UnitFiguresSection units={f.units} names={names} onOpen={onOpen} />
      <UsageFigures units={f.units} names={names} onOpen={onOpen} />

      {f.pairs.length > 0 && (
        <Section id="desk-pairs" title="Head to head">
          <Table striped aria-labelledby="desk-pairs">
            <TableHead columns={['Pairing', 'Games', 'First faction wins', 'Second faction wins', 'Draws', 'First faction win rate (95%)']} />
            <Table.Tbody>
              {f.pairs.map((p) => {
                const label = `${n(p.factionA)} v ${n(p.factionB)}`;
                return (
                  <Table.Tr key={p.id}>
                    <SubjectCell tooFew={p.tooFew}>{label}</SubjectCell>
                    <Table.Td>
                      <Trace id={p.id} count={p.battleCount} label={label} onOpen={onOpen}>
                        {p.games}
                      </Trace>
                    </Table.Td>
                    <Table.Td>{p.winsA}</Table.Td>
                    <Table.Td>{p.winsB}</Table.Td>
                    <Table.Td>{p.draws}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {pct(p.winRateA.estimate)} ({interval(p.winRateA)})
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Section>
      )}

      {f.rulings.length > 0 && (
        <Section
          id="desk-rulings"
          title="Rulings against the default"
          note="Each ruling that differs from the default: each faction's win rate under it beside its games at the default, the difference with its 95% interval, and two tests. Within clubs compares each club's games under the ruling with its own games at the default, so a strong club is not read as the ruling's effect (Cochran–Mantel–Haenszel, exact for few games); pooled puts every club's games together. The p-values are adjusted (Holm) for every comparison on this page: with many tests, one small p-value is expected by chance. Games needed: games per side that would find a 10-point difference at 80% power."
        >
          <Stack gap="md">
            {f.rulings.map((r) => {
              const label = rulingLabel(r.ruling);
              return (
                <Table key={r.id} striped aria-label={label}>
                  <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                    {label} ·{' '}
                    <Trace id={r.id} count={r.battleCount} label={label} onOpen={onOpen}>
                      {counted(r.battles.under, 'battle')}
                    </Trace>{' '}
                    under it, {r.battles.atDefault} at the default
                    <TooFew on={r.tooFew} />
                    {r.confoundedWith.length > 0 && (
                      <Text component="span" size="sm" c="orange.9" display="block">
                        Always played together with {r.confoundedWith.map(rulingLabel).join('; ')}: their effects cannot be told apart, and these figures are
                        theirs too.
                      </Text>
                    )}
                  </Table.Caption>
                  <TableHead columns={['Faction', 'Under it', 'At the default', 'Difference (95%)', 'Within clubs', 'Pooled', 'Games needed']} />
                  <Table.Tbody>
                    {r.factions.map((x) => (
                      <Table.Tr key={x.factionId}>
                        <SubjectCell tooFew={x.tooFew}>{n(x.factionId)}</SubjectCell>
                        <Table.Td>
                          {pct(x.under.winRate)} of {x.under.games}
                        </Table.Td>
                        <Table.Td>
                          {pct(x.atDefault.winRate)} of {x.atDefault.games}
                        </Table.Td>
                        <Table.Td>
                          {x.difference === null
                            ? '–'
                            : `${x.difference > 0 ? '+' : ''}${(x.difference * 100).toFixed(1)} points (${interval(x.differenceInterval, (v) => `${(v * 100).toFixed(1)}`)})`}
                        </Table.Td>
                        <Table.Td>
                          {x.stratified.words}
                          {x.adjustedP !== null && `; adjusted p = ${x.adjustedP < 0.001 ? '< 0.001' : x.adjustedP.toFixed(3)}`}
                          {x.stratified.clubs > 0 && ` (${counted(x.stratified.clubs, 'club')})`}
                        </Table.Td>
                        <Table.Td>{x.words}</Table.Td>
                        <Table.Td>{x.gamesNeeded ?? '–'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              );
            })}
          </Stack>
        </Section>
      )}

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
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
      </SimpleGrid>

      {f.ratings.length > 0 && (
        <Section
          id="desk-ratings"
          title="Fun and clarity"
          note="Mean rating from 1 to 5 with its 95% interval (a bootstrap, which stays on the scale), the median, and how many rated it: fun and clarity are counted apart."
        >
          <Table striped aria-labelledby="desk-ratings">
            <TableHead columns={['By', 'Which', 'Fun', 'Clarity', 'Battles']} />
            <Table.Tbody>
              {f.ratings.map((r) => {
                const which = r.by === 'faction' ? n(r.key) : r.key === 'none' ? 'No mission' : `Mission ${r.key}`;
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
      )}

      {f.pointsCurve && (
        <Section
          id="desk-points"
          title="Army points and results"
          note={`The chance to win against how many more points an army had than its opponent: a logistic curve through 50% at equal points, fitted over the ${f.pointsCurve.n} battles where both armies' points are known and one side won, with its 95% band. Slope ${num(f.pointsCurve.slope.estimate, 2)} (${interval(f.pointsCurve.slope, (v) => v.toFixed(2))}) on the log-odds scale per 100 points: an interval spanning 0 says the points may not matter at all.`}
        >
          <Table striped aria-labelledby="desk-points">
            <TableHead columns={['Points more than the opponent', 'Chance to win', '95% band']} />
            <Table.Tbody>
              {f.pointsCurve.at.map((x) => (
                <Table.Tr key={x.difference}>
                  <Table.Td>{x.difference > 0 ? `+${x.difference}` : x.difference}</Table.Td>
                  <Table.Td>{pct(x.estimate)}</Table.Td>
                  <Table.Td>{interval(x)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}

      {f.players.length > 0 && (
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
                  <Table.Td>{p.factions.map((x) => `${n(x.factionId)} (${x.games})`).join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}
    </Stack>
  );
}

const label = (names: Record<string, string>, key: string) => names[key] ?? key;

/**
 * Issue 41, point 4: figures from what the bundles carry (unit-figures.ts), each with its n, its interval and the
 * battles behind it. Paper records count only where they hold the field (formations' survival, the cryptid).
 */
function UnitFiguresSection({ units: u, names, onOpen }: { units: Figures['units']; names: Record<string, string>; onOpen: OnOpen }) {
  const fielded = u.unitTypes.filter((t) => t.formations > 0);
  const h = u.heavyExplosions;
  return (
    <Section
      id="desk-units"
      title="Unit types"
      note="Per unit type: how many of its formations survived the battle, with the Wilson 95% interval (formations of one army share its fate, so the interval is narrower than the games justify), and the Wounds its fighters dealt per side that fielded it, mean with a 95% t-interval, over the battles that recorded Wounds (Play Mode's; a paper form does not ask them)."
    >
      {fielded.length === 0 ? (
        <Text size="sm">No battle lists its formations.</Text>
      ) : (
        <Table striped aria-labelledby="desk-units">
          <TableHead columns={['Unit type', 'Battles', 'Formations', 'Survived', '95% interval', 'Wounds per side', '95% interval', 'Sides with Wounds']} />
          <Table.Tbody>
            {fielded.map((t) => {
              const name = label(FORMATION_TYPE_NAMES, t.unitType);
              return (
                <Table.Tr key={t.id}>
                  <SubjectCell tooFew={t.tooFew}>{name}</SubjectCell>
                  <Table.Td>
                    <Trace id={t.id} count={t.battleCount} label={name} onOpen={onOpen}>
                      {t.battleCount}
                    </Trace>
                  </Table.Td>
                  <Table.Td>{t.formations}</Table.Td>
                  <Table.Td>{pct(t.survival.estimate)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{interval(t.survival)}</Table.Td>
                  <Table.Td>{num(t.woundsPerGame.estimate, 2)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{interval(t.woundsPerGame, (v) => v.toFixed(2))}</Table.Td>
                  <Table.Td>{t.woundsPerGame.sides}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm" mt="sm" data-testid="desk-explosions">
        {h.sidesWithHeavy === 0 ? (
          'Heavy explosions: no side that fielded a Heavy recorded them.'
        ) : (
          <>
            Heavy explosions: {h.sidesWithExplosion} of {h.sidesWithHeavy} sides that fielded a Heavy had one, {pct(h.rate.estimate)} (95% {interval(h.rate)}),
            in{' '}
            <Trace id={h.id} count={h.battleCount} label="Battles with a Heavy" onOpen={onOpen}>
              {h.battleCount}
            </Trace>{' '}
            battles
            <TooFew on={h.tooFew} />
            {h.byCause.length > 0 && `; by cause: ${h.byCause.map((c) => `${label(EXPLOSION_CAUSE_NAMES, c.cause)} ${c.explosions}`).join(', ')}`}.
          </>
        )}
      </Text>
      {u.cryptids.length > 0 && (
        <Table striped mt="md" aria-label="Cryptid outcomes">
          <TableHead columns={['Cryptid', 'Battles', 'Defeated', '95% interval', 'Wounds taken (95%)', 'Wounds dealt (95%)']} />
          <Table.Tbody>
            {u.cryptids.map((c) => {
              const name = label(names, c.cryptidId);
              return (
                <Table.Tr key={c.id}>
                  <SubjectCell tooFew={c.tooFew}>{name}</SubjectCell>
                  <Table.Td>
                    <Trace id={c.id} count={c.battleCount} label={name} onOpen={onOpen}>
                      {c.battleCount}
                    </Trace>
                  </Table.Td>
                  <Table.Td>{pct(c.defeatRate.estimate)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{interval(c.defeatRate)}</Table.Td>
                  <Table.Td>
                    {num(c.woundsTaken.estimate)} ({interval(c.woundsTaken, (v) => v.toFixed(1))})
                  </Table.Td>
                  <Table.Td>
                    {num(c.woundsDealt.estimate)} ({interval(c.woundsDealt, (v) => v.toFixed(1))}), n = {c.woundsDealt.n}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {u.vpSources[0]!.n > 0 && (
        <Table striped mt="md" aria-label="VP by source">
          <TableHead columns={['VP source', 'Per side', '95% interval', 'Share of VP', 'Sides', 'Battles']} />
          <Table.Tbody>
            {u.vpSources.map((v) => {
              const name = label(VP_SOURCE_NAMES, v.source);
              return (
                <Table.Tr key={v.id}>
                  <SubjectCell tooFew={v.tooFew}>{name}</SubjectCell>
                  <Table.Td>{num(v.perSide.estimate, 2)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{interval(v.perSide, (x) => x.toFixed(2))}</Table.Td>
                  <Table.Td>{pct(v.share)}</Table.Td>
                  <Table.Td>{v.n}</Table.Td>
                  <Table.Td>
                    <Trace id={v.id} count={v.battleCount} label={name} onOpen={onOpen}>
                      {v.battleCount}
                    </Trace>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** Players listed on the screen; the CSV and the trace have them all. */
const PLAYERS_SHOWN = 50;

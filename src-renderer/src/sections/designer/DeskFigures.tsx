import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { EXPLOSION_CAUSE_NAMES, FORMATION_TYPE_NAMES, VP_SOURCE_NAMES } from '../../../../src-shared/naming';
import { Stat } from '../../components/Stat';
import { TableHead } from '../../components/TableHead';
import { interval, num, pct, Section, SubjectCell, Trace, TooFew, type Figures, type OnOpen } from './desk-pieces';
import { FactionsSection, FirstMoverWins, PairsSection } from './DeskFactions';
import { PlayersSection, PointsSection, RatingsSection, SpeedAndDisputes } from './DeskGameSections';
import { RulingsSection } from './DeskRulings';
import { UsageFigures } from './DeskUsage';

export function DeskFigures({ figures: f, names, onOpen }: { figures: Figures; names: Record<string, string>; onOpen: OnOpen }) {
  const sections = { figures: f, names, onOpen };
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Battles">{f.battles}</Stat>
        <Stat label="Clubs">{f.clubs}</Stat>
        <Stat label="First mover wins">
          <FirstMoverWins firstMover={f.firstMover} onOpen={onOpen} />
        </Stat>
      </SimpleGrid>
      <FactionsSection {...sections} />
      <UnitFiguresSection units={f.units} names={names} onOpen={onOpen} />
      <UsageFigures units={f.units} names={names} onOpen={onOpen} />
      <PairsSection {...sections} />
      <RulingsSection {...sections} />
      <SpeedAndDisputes figures={f} onOpen={onOpen} />
      <RatingsSection {...sections} />
      <PointsSection figures={f} />
      <PlayersSection {...sections} />
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

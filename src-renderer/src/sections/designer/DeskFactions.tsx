import { Table, Text } from '@mantine/core';
import { factionModelNote } from '../../../../src-shared/desk/faction-adjusted';
import { MIRROR_NOTE } from '../../../../src-shared/desk/figures';
import { TableHead } from '../../components/TableHead';
import { interval, nameIn, num, pct, Section, SubjectCell, Trace, TooFew, type DeskSectionProps, type Figures, type OnOpen } from './desk-pieces';
import { WinRateChart } from './WinRateChart';

/** The headline's first-mover figure: its win rate, interval and n, or a note that no battle recorded who moved first. */
export function FirstMoverWins({ firstMover: fm, onOpen }: { firstMover: Figures['firstMover']; onOpen: OnOpen }) {
  if (fm.n === 0) {
    return (
      <Text c="dimmed" component="span">
        not recorded
      </Text>
    );
  }
  return (
    <>
      <Trace id={fm.id} count={fm.battleCount} label="First mover" onOpen={onOpen}>
        {pct(fm.winRate.estimate)}
      </Trace>
      <Text size="xs" c="dimmed" component="span" ml={6}>
        95% {interval(fm.winRate)}, n = {fm.n}
      </Text>
      <TooFew on={fm.tooFew} />
    </>
  );
}

const FACTION_COLUMNS = [
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
];

/** Each faction's games and results, its win rate as a chart and a table, and the notes on mirrors and the player model. */
export function FactionsSection({ figures: f, names, onOpen }: DeskSectionProps) {
  const n = (id: string) => nameIn(names, id);
  return (
    <Section
      id="desk-factions"
      title="Win rate by faction"
      note="Wins over games against other factions (draws are not wins), with the Wilson 95% interval as whiskers."
    >
      <WinRateChart factions={f.factions} name={n} />
      <Table striped mt="md" aria-labelledby="desk-factions">
        <TableHead columns={FACTION_COLUMNS} />
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
  );
}

/** Each pairing of factions that met: who won how often. Nothing when no two factions met. */
export function PairsSection({ figures: f, names, onOpen }: DeskSectionProps) {
  if (f.pairs.length === 0) return null;
  return (
    <Section id="desk-pairs" title="Head to head">
      <Table striped aria-labelledby="desk-pairs">
        <TableHead columns={['Pairing', 'Games', 'First faction wins', 'Second faction wins', 'Draws', 'First faction win rate (95%)']} />
        <Table.Tbody>
          {f.pairs.map((p) => {
            const label = `${nameIn(names, p.factionA)} v ${nameIn(names, p.factionB)}`;
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
  );
}

import { Stack, Table, Text } from '@mantine/core';
import { counted } from '../../../../src-shared/naming';
import { rulingLabel } from '../../../../src-shared/ruleset/options';
import { TableHead } from '../../components/TableHead';
import { interval, nameIn, pct, Section, SubjectCell, Trace, TooFew, type DeskSectionProps, type Figures, type OnOpen } from './desk-pieces';

type Ruling = Figures['rulings'][number];
type RulingFaction = Ruling['factions'][number];

const RULINGS_NOTE =
  "Each ruling that differs from the default: each faction's win rate under it beside its games at the default, the difference with its 95% interval, and two tests. Within clubs compares each club's games under the ruling with its own games at the default, so a strong club is not read as the ruling's effect (Cochran–Mantel–Haenszel, exact for few games); pooled puts every club's games together. The p-values are adjusted (Holm) for every comparison on this page: with many tests, one small p-value is expected by chance. Games needed: games per side that would find a 10-point difference at 80% power.";

/** "+4.2 points (−1.0 – 9.4)": a faction's win rate under the ruling less its rate at the default. */
function differenceWords(x: RulingFaction): string {
  if (x.difference === null) return '–';
  const sign = x.difference > 0 ? '+' : '';
  return `${sign}${(x.difference * 100).toFixed(1)} points (${interval(x.differenceInterval, (v) => `${(v * 100).toFixed(1)}`)})`;
}

/** The within-clubs test in words, with its Holm-adjusted p-value and how many clubs it compared. */
function withinClubsWords(x: RulingFaction): string {
  const p = x.adjustedP === null ? '' : `; adjusted p = ${x.adjustedP < 0.001 ? '< 0.001' : x.adjustedP.toFixed(3)}`;
  const clubs = x.stratified.clubs > 0 ? ` (${counted(x.stratified.clubs, 'club')})` : '';
  return `${x.stratified.words}${p}${clubs}`;
}

function RulingTable({ ruling: r, names, onOpen }: { ruling: Ruling; names: Record<string, string>; onOpen: OnOpen }) {
  const label = rulingLabel(r.ruling);
  return (
    <Table striped aria-label={label}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        {label} ·{' '}
        <Trace id={r.id} count={r.battleCount} label={label} onOpen={onOpen}>
          {counted(r.battles.under, 'battle')}
        </Trace>{' '}
        under it, {r.battles.atDefault} at the default
        <TooFew on={r.tooFew} />
        {r.confoundedWith.length > 0 && (
          <Text component="span" size="sm" c="orange.9" display="block">
            Always played together with {r.confoundedWith.map(rulingLabel).join('; ')}: their effects cannot be told apart, and these figures are theirs too.
          </Text>
        )}
      </Table.Caption>
      <TableHead columns={['Faction', 'Under it', 'At the default', 'Difference (95%)', 'Within clubs', 'Pooled', 'Games needed']} />
      <Table.Tbody>
        {r.factions.map((x) => (
          <Table.Tr key={x.factionId}>
            <SubjectCell tooFew={x.tooFew}>{nameIn(names, x.factionId)}</SubjectCell>
            <Table.Td>
              {pct(x.under.winRate)} of {x.under.games}
            </Table.Td>
            <Table.Td>
              {pct(x.atDefault.winRate)} of {x.atDefault.games}
            </Table.Td>
            <Table.Td>{differenceWords(x)}</Table.Td>
            <Table.Td>{withinClubsWords(x)}</Table.Td>
            <Table.Td>{x.words}</Table.Td>
            <Table.Td>{x.gamesNeeded ?? '–'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One table per ruling that differs from the default. Nothing when every battle was played at the defaults. */
export function RulingsSection({ figures: f, names, onOpen }: DeskSectionProps) {
  if (f.rulings.length === 0) return null;
  return (
    <Section id="desk-rulings" title="Rulings against the default" note={RULINGS_NOTE}>
      <Stack gap="md">
        {f.rulings.map((r) => (
          <RulingTable key={r.id} ruling={r} names={names} onOpen={onOpen} />
        ))}
      </Stack>
    </Section>
  );
}

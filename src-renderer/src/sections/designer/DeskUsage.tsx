import { Table, Text } from '@mantine/core';
import { USAGE_KIND_NAMES } from '../../../../src-shared/naming';
import { TableHead } from '../../components/TableHead';
import { interval, num, pct, Section, SubjectCell, Trace, type Figures, type OnOpen } from './desk-pieces';

/**
 * Issue 41, point 4: the orders, Field Gambits and Captain abilities used per game, and Rule of Cool by D20 band, from
 * the counts Play Mode's records carry (a paper form does not ask them: those records are left out of every n here).
 */
export function UsageFigures({ units: u, names, onOpen }: { units: Figures['units']; names: Record<string, string>; onOpen: OnOpen }) {
  const name = (id: string) => names[id] ?? id;
  const roc = u.ruleOfCool;
  return (
    <Section
      id="desk-usage"
      title="Orders, gambits and abilities used"
      note="Uses by one army in one battle (per game), over the armies whose record counts them: Play Mode's, since a paper form does not ask them. The mean has a 95% t-interval; how many armies used it at least once has the Wilson 95% interval. A rare order with few armies behind it says little."
    >
      {u.usage.length === 0 ? (
        <Text size="sm">No battle here counted orders, gambits or abilities.</Text>
      ) : (
        <Table striped aria-labelledby="desk-usage">
          <TableHead columns={['Used', 'Kind', 'Uses', 'Per game', '95% interval', 'Armies using it (95%)', 'n (armies)', 'Battles used in']} />
          <Table.Tbody>
            {u.usage.map((x) => {
              const label = name(x.key);
              return (
                <Table.Tr key={x.id}>
                  <SubjectCell tooFew={x.tooFew}>{label}</SubjectCell>
                  <Table.Td>{USAGE_KIND_NAMES[x.kind]}</Table.Td>
                  <Table.Td>{x.uses}</Table.Td>
                  <Table.Td>{num(x.perGame.estimate, 2)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{interval(x.perGame, (v) => v.toFixed(2))}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {x.sidesUsing}, {pct(x.usedIn.estimate)} ({interval(x.usedIn)})
                  </Table.Td>
                  <Table.Td>
                    {x.n} in {x.battles} battles
                  </Table.Td>
                  <Table.Td>
                    <Trace id={x.id} count={x.battleCount} label={label} onOpen={onOpen}>
                      {x.battleCount}
                    </Trace>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm" fw={600} mt="md" id="desk-rule-of-cool">
        Rule of Cool by D20 band
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        How often an attempt whose roll fell in each band succeeded, with the Wilson 95% interval; n is the attempts in the band ({roc.attempts} by {roc.sides}{' '}
        armies in {roc.battles} battles that counted them). A band with fewer than 20 attempts is marked.
      </Text>
      {roc.bands.length === 0 ? (
        <Text size="sm">No Rule of Cool attempt recorded.</Text>
      ) : (
        <Table striped aria-labelledby="desk-rule-of-cool">
          <TableHead columns={['D20 band', 'Attempts (n)', 'Succeeded', 'Success rate', '95% interval']} />
          <Table.Tbody>
            {roc.bands.map((b) => (
              <Table.Tr key={b.id}>
                <SubjectCell tooFew={b.tooFew}>{b.band}</SubjectCell>
                <Table.Td>
                  <Trace id={b.id} count={b.battleCount} label={`Rule of Cool, D20 ${b.band}`} onOpen={onOpen}>
                    {b.attempts}
                  </Trace>
                </Table.Td>
                <Table.Td>{b.succeeded}</Table.Td>
                <Table.Td>{pct(b.successRate.estimate)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{interval(b.successRate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

import { Table, Text } from '@mantine/core';
import { PanelCard } from '../../../components/PanelCard';
import { battleTotals } from '../../../../../src-shared/battle/summary';
import type { BattleHook } from '../useBattle';
import { TableHead } from '../../../components/TableHead';
import { VP_SOURCE_NAMES } from '../../../../../src-shared/naming';
import { Name } from '../../../components/Name';

/** Per round and in total: VP, wounds by ranged and melee, mutant kills and losses for each side. */
export function RoundSummary({ b }: { b: BattleHook }) {
  const detail = b.battle.data!;
  const t = battleTotals(b.state!, b.rules!);
  const [a, c] = detail.setup.sides.map((s) => s.playerName);
  if (t.lines.length === 0) return null;
  return (
    <PanelCard
      label="Score"
      title={
        <>
          Score: <Name>{a!}</Name> {t.vp.A} – {t.vp.B} <Name>{c!}</Name>
        </>
      }
    >
      {/* headings may wrap, figures never: the table fits its column at 1024 px instead of being clipped */}
      <Table striped fz="sm" horizontalSpacing={4} aria-label="Round by round" styles={{ td: { whiteSpace: 'nowrap' } }}>
        <TableHead columns={['Round', 'VP', 'Ranged W', 'Melee W', 'Mutants', 'Lost']} />
        <Table.Tbody>
          {t.lines.map((l) => (
            <Table.Tr key={l.round}>
              <Table.Td>{l.round}</Table.Td>
              <Table.Td>{`${l.vp.A}–${l.vp.B}`}</Table.Td>
              <Table.Td>{`${l.ranged.A}–${l.ranged.B}`}</Table.Td>
              <Table.Td>{`${l.melee.A}–${l.melee.B}`}</Table.Td>
              <Table.Td>{`${l.mutantKills.A}–${l.mutantKills.B}`}</Table.Td>
              <Table.Td>{`${l.casualties.A}–${l.casualties.B}`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" mt={4} data-testid="vp-by-source">
        VP by source:{' '}
        {(Object.keys(VP_SOURCE_NAMES) as (keyof typeof VP_SOURCE_NAMES)[])
          .filter((k) => k === 'objectives' || t.vpBySource.A[k] !== 0 || t.vpBySource.B[k] !== 0)
          .map((k) => `${VP_SOURCE_NAMES[k]} ${t.vpBySource.A[k]}–${t.vpBySource.B[k]}`)
          .join(' · ')}
        {b.state!.secondaryObjective ? ` (secondary objective agreed: ${b.state!.secondaryObjective})` : ''}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Figures are <Name>{a!}</Name>–<Name>{c!}</Name>. Battle time so far: {t.minutes ?? 0} min.
      </Text>
    </PanelCard>
  );
}

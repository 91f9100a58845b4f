import { Group, Select, SimpleGrid, Text } from '@mantine/core';
import type { AttackerChoice, TargetChoice } from '../../../../../src-shared/odds/pack-choices';
import { ProvisionalMark } from '../../../components/ProvisionalMark';
import type { OddsPick } from './pick-spec';

/** The attacker, its weapon and the target, picked from the battle's or the pack's choices (none without choices). */
export function AttackPickers({
  attackers,
  targets,
  pick,
  onChoose,
}: {
  attackers?: AttackerChoice[];
  targets?: TargetChoice[];
  pick: OddsPick;
  onChoose: (next: OddsPick) => void;
}) {
  if (!attackers?.length && !targets?.length) return null;
  const selectedAttacker = attackers?.find((x) => x.id === pick.attacker);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3, md: 1, xl: 3 }}>
      <Select
        label="Attacker"
        placeholder="Pick a fighter"
        data={(attackers ?? []).map((a) => ({ value: a.id, label: a.label }))}
        value={pick.attacker}
        onChange={(v) => onChoose({ ...pick, attacker: v, weapon: null })}
        searchable
      />
      <Select
        label="Weapon"
        placeholder="Weapon"
        data={(selectedAttacker?.weapons ?? []).map((w) => ({ value: w.id, label: w.label }))}
        value={pick.weapon}
        onChange={(v) => onChoose({ ...pick, weapon: v })}
        disabled={!selectedAttacker}
      />
      <Select
        label="Target"
        placeholder="Pick a target"
        data={(targets ?? []).map((t) => ({ value: t.id, label: t.label }))}
        value={pick.target}
        onChange={(v) => onChoose({ ...pick, target: v })}
        searchable
      />
    </SimpleGrid>
  );
}

/** What the roll rests on that the pack marks provisional; nothing when it rests on none. */
export function ProvisionalNote({ parts }: { parts: string[] }) {
  if (parts.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="odds-provisional">
      <ProvisionalMark what="This roll" />
      <Text size="sm">Rests on provisional values: {parts.join(', ')}.</Text>
    </Group>
  );
}

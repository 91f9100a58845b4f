import { Select, type MantineSize } from '@mantine/core';
import { modelsLeft } from '../../../../../src-shared/battle/bag';
import type { Side } from '../../../../../src-shared/battle/setup';
import type { FormationState } from '../../../../../src-shared/battle/state';
import { Choice } from '../../../components/Choice';

/** Which of the two players, by name: the picker every recording form starts with. */
export function SideControl(props: { label: string; value: Side; onChange: (side: Side) => void; name: (side: Side) => string; size?: MantineSize }) {
  return <Choice size={props.size} label={props.label} value={props.value} onChange={props.onChange} options={{ A: props.name('A'), B: props.name('B') }} />;
}

/** One of a side's formations; with `showLeft`, how many of its models are still on the table. */
export function FormationSelect(props: {
  formations: FormationState[];
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  showLeft?: boolean;
}) {
  return (
    <Select
      label="Formation"
      data={props.formations.map((f) => ({ value: f.id, label: props.showLeft ? `${f.name} (${modelsLeft(f)} left)` : f.name }))}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}

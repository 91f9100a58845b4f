import { Select } from '@mantine/core';
import type { RecordSource } from '../../../src-shared/reports/battle';

const CHOICES = [
  { value: 'both', label: 'Play Mode and paper' },
  { value: 'play', label: 'Play Mode only' },
  { value: 'paper', label: 'Paper only' },
];

/**
 * Which kind of battle record a report counts (issue 41): battles played in Play Mode, battles recorded on the
 * post-battle form, or both. The club's report and the designer's desk offer the same choice.
 */
export function RecordSourceSelect({ value, onChange }: { value: RecordSource | undefined; onChange: (v: RecordSource | undefined) => void }) {
  return (
    <Select
      label="Records"
      data={CHOICES}
      value={value ?? 'both'}
      onChange={(v) => onChange(v === 'play' || v === 'paper' ? v : undefined)}
      allowDeselect={false}
      w={200}
    />
  );
}

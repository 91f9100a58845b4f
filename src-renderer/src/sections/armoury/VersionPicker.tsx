import { Select } from '@mantine/core';
import type { RulesetVersion } from '../../../../src-shared/contract/rulesets.contract';

function versionLabel(v: RulesetVersion): string {
  return `${v.name} · v${v.version}${v.note ? ` · ${v.note}` : ''}`;
}

export function VersionPicker({
  versions,
  value,
  onChange,
  label = 'Pack version',
}: {
  versions: RulesetVersion[];
  value?: number;
  onChange: (id: number) => void;
  label?: string;
}) {
  return (
    <Select
      label={label}
      data={versions.map((v) => ({ value: String(v.id), label: versionLabel(v) }))}
      value={value === undefined ? null : String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      w={340}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

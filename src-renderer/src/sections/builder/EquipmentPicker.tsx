import { MultiSelect, Text } from '@mantine/core';
import { equipmentFor } from '../../../../src-shared/roster/equipment';
import type { RosterValidation } from '../../../../src-shared/roster/validate';
import type { RulesetPack, Slot } from '../../../../src-shared/ruleset/schema';

/**
 * The equipment one model buys: only the items the pack allows for its slot,
 * each with its cost (and a note when it protects against the storm). Items
 * the model already holds but may not (a changed pack, an imported file) stay
 * listed and the validator's sentence shows under the field, so nothing
 * silently disappears from a roster.
 */
export function EquipmentPicker({
  pack,
  slot,
  value,
  label,
  path,
  validation,
  onChange,
}: {
  pack: RulesetPack;
  slot: Slot;
  value: readonly string[];
  /** Accessible name, e.g. "First Core, fighter 2: equipment". */
  label: string;
  /** Path of this model's equipment list in the roster, to pick out its violations. */
  path: (string | number)[];
  validation: RosterValidation;
  onChange: (equipment: string[]) => void;
}) {
  const offered = equipmentFor(pack, slot);
  const data = offered.map((e) => ({ value: e.id, label: `${e.name} (+${e.cost} pts${e.radProtection ? ', storm protection' : ''})` }));
  for (const id of value) {
    if (data.some((d) => d.value === id)) continue;
    const known = pack.equipment.find((e) => e.id === id);
    data.push({ value: id, label: `${known?.name ?? id} (not allowed)` });
  }
  const prefix = path.join('.');
  const errors = validation.violations.filter((v) => v.path.join('.').startsWith(`${prefix}.`) || v.path.join('.') === prefix).map((v) => v.message);
  if (data.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No equipment for this slot
      </Text>
    );
  }
  return (
    <MultiSelect
      size="xs"
      aria-label={label}
      placeholder={value.length ? undefined : 'None'}
      data={data}
      value={[...new Set(value)]}
      onChange={onChange}
      error={errors.length ? errors.join(' ') : undefined}
      clearable
      comboboxProps={{ withinPortal: true }}
      miw={180}
    />
  );
}

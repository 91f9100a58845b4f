import type { Equipment, Weapon } from '../../../../src-shared/ruleset/schema';
import { confirmFields } from './edit-pack';
import { PackEditModal, type EditValues } from './PackEditModal';
import type { VersionEditProps } from './useSaveVersion';

/** Sets a field, or removes it when the form left an optional number empty. */
function setOptional(target: Record<string, unknown>, key: string, v: unknown) {
  if (v === undefined || v === '') delete target[key];
  else target[key] = v;
}

export function WeaponEditModal({ weapon: w, ...p }: VersionEditProps & { weapon: Weapon }) {
  const ranged = w.kind === 'ranged';
  const stats = ranged ? ['range', 'attacks', 'force', 'damage', 'blast'] : ['force', 'reach'];
  return (
    <PackEditModal
      {...p}
      title={`Edit ${w.name}`}
      columns={3}
      defaultNote={`${w.name} edited`}
      fields={[
        ...(ranged
          ? ([
              { name: 'range', label: 'Range (inches)', kind: 'number', min: 0, max: 120, value: w.range ?? 0 },
              { name: 'attacks', label: 'Attacks (shots)', kind: 'number', min: 1, max: 20, value: w.attacks ?? 1 },
            ] as const)
          : []),
        {
          name: 'force',
          label: 'Force',
          kind: 'number',
          min: 1,
          max: 20,
          value: w.force,
          description: 'Against Toughness: higher wounds on 3+, equal 4+, lower 5+',
        },
        ...(ranged
          ? ([
              { name: 'damage', label: 'Damage', kind: 'number', min: 0, max: 20, value: w.damage ?? 1 },
              {
                name: 'blast',
                label: 'Blast template (inches)',
                kind: 'optional-number',
                min: 1,
                max: 120,
                value: w.blast,
                description: 'Empty if not a blast',
              },
            ] as const)
          : ([{ name: 'reach', label: 'Reach (inches)', kind: 'number', min: 0, max: 120, value: w.reach ?? 1 }] as const)),
        { name: 'name', label: 'Name', kind: 'text', max: 80, value: w.name, required: true },
      ]}
      apply={(draft, v: EditValues, confirmed) => {
        const t = draft.weapons.find((x) => x.id === w.id)!;
        t.name = String(v.name);
        for (const k of stats) setOptional(t as unknown as Record<string, unknown>, k, v[k]);
        if (confirmed) t.provisional = confirmFields(t.provisional, stats);
      }}
    />
  );
}

export function EquipmentEditModal({ item: e, ...p }: VersionEditProps & { item: Equipment }) {
  return (
    <PackEditModal
      {...p}
      title={`Edit ${e.name}`}
      defaultNote={`${e.name} edited`}
      fields={[
        { name: 'cost', label: 'Points', kind: 'number', min: 0, max: 10000, value: e.cost },
        { name: 'name', label: 'Name', kind: 'text', max: 80, value: e.name, required: true },
        { name: 'radProtection', label: 'Protects against the radiation storm (5+ roll)', kind: 'boolean', value: e.radProtection },
        { name: 'text', label: 'What it does', kind: 'long-text', max: 4000, value: e.text },
      ]}
      apply={(draft, v, confirmed) => {
        const t = draft.equipment.find((x) => x.id === e.id)!;
        t.name = String(v.name);
        t.cost = Number(v.cost);
        t.radProtection = v.radProtection === true;
        t.text = String(v.text ?? '');
        if (confirmed) t.provisional = confirmFields(t.provisional, ['cost', 'text']);
      }}
    />
  );
}

import { newEntityId } from '../../../../src-shared/ruleset/edits';
import { type Equipment, type Weapon } from '../../../../src-shared/ruleset/schema';
import { SLOTS } from '../../../../src-shared/ruleset/pack-facts';
import { confirmFields } from './edit-pack';
import { PackEditModal, type EditField, type EditValues } from './PackEditModal';
import { SLOT_LABEL } from './UnitCard';
import type { VersionEditProps } from './useSaveVersion';

/** Sets a field, or removes it when the form left an optional number empty. */
function setOptional(target: Record<string, unknown>, key: string, v: unknown) {
  if (v === undefined || v === '') delete target[key];
  else target[key] = v;
}

/** A club's own entry is provisional (not the designer's) unless the organiser says it is published. */
const provisionalOfNew = (confirmed: boolean) => (confirmed ? [] : ['*']);

/**
 * Edits a weapon, or with `weapon` absent creates a new one of `kind`, in a new
 * pack version. A new weapon is offered to units through their loadouts.
 */
export function WeaponEditModal({
  weapon: w,
  kind,
  ...p
}: VersionEditProps & ({ weapon: Weapon; kind?: undefined } | { weapon?: undefined; kind: Weapon['kind'] })) {
  const ranged = (w?.kind ?? kind) === 'ranged';
  const stats = ranged ? ['range', 'attacks', 'force', 'damage', 'blast'] : ['force', 'reach'];
  const noun = ranged ? 'ranged weapon' : 'melee weapon';
  const fields: EditField[] = [
    ...(ranged
      ? ([
          { name: 'range', label: 'Range (inches)', kind: 'number', min: 0, max: 120, value: w?.range ?? 12 },
          { name: 'attacks', label: 'Attacks (shots)', kind: 'number', min: 1, max: 20, value: w?.attacks ?? 1 },
        ] as const)
      : []),
    {
      name: 'force',
      label: 'Force',
      kind: 'number',
      min: 1,
      max: 20,
      value: w?.force ?? 3,
      description: 'Against Toughness: higher wounds on 3+, equal 4+, lower 5+',
    },
    ...(ranged
      ? ([
          { name: 'damage', label: 'Damage', kind: 'number', min: 0, max: 20, value: w?.damage ?? 1 },
          { name: 'blast', label: 'Blast template (inches)', kind: 'optional-number', min: 1, max: 120, value: w?.blast, description: 'Empty if not a blast' },
        ] as const)
      : ([{ name: 'reach', label: 'Reach (inches)', kind: 'number', min: 0, max: 120, value: w?.reach ?? 1 }] as const)),
    { name: 'name', label: 'Name', kind: 'text', max: 80, value: w?.name ?? '', required: true },
  ];
  const write = (t: Weapon, v: EditValues) => {
    t.name = String(v.name);
    for (const k of stats) setOptional(t as unknown as Record<string, unknown>, k, v[k]);
  };
  return (
    <PackEditModal
      {...p}
      title={w ? `Edit ${w.name}` : `New ${noun}`}
      columns={3}
      defaultNote={w ? `${w.name} edited` : `New ${noun}`}
      fields={fields}
      submitLabel={w ? undefined : `Add as new version`}
      apply={(draft, v, confirmed) => {
        if (w) {
          const t = draft.weapons.find((x) => x.id === w.id)!;
          write(t, v);
          if (confirmed) t.provisional = confirmFields(t.provisional, stats);
          return;
        }
        const t: Weapon = {
          id: newEntityId(draft.weapons, String(v.name), 'weapon'),
          name: '',
          kind: ranged ? 'ranged' : 'melee',
          force: 1,
          specialRules: [],
          provisional: provisionalOfNew(confirmed),
        };
        write(t, v);
        draft.weapons.push(t);
      }}
    />
  );
}

const SLOT_OPTIONS = SLOTS.map((s) => ({ value: s, label: SLOT_LABEL[s] }));

/** Edits an item of equipment, or with `item` absent creates a new one, in a new pack version. */
export function EquipmentEditModal({ item: e, ...p }: VersionEditProps & { item?: Equipment }) {
  return (
    <PackEditModal
      {...p}
      title={e ? `Edit ${e.name}` : 'New equipment'}
      defaultNote={e ? `${e.name} edited` : 'New equipment'}
      submitLabel={e ? undefined : 'Add as new version'}
      fields={[
        { name: 'cost', label: 'Points', kind: 'number', min: 0, max: 10000, value: e?.cost ?? 5 },
        { name: 'name', label: 'Name', kind: 'text', max: 80, value: e?.name ?? '', required: true },
        { name: 'slots', label: 'Who may take it', kind: 'multiselect', options: SLOT_OPTIONS, value: e?.slots ?? [...SLOTS] },
        { name: 'radProtection', label: 'Protects against the radiation storm (5+ roll)', kind: 'boolean', value: e?.radProtection ?? false },
        { name: 'text', label: 'What it does', kind: 'long-text', max: 4000, value: e?.text ?? '' },
      ]}
      apply={(draft, v, confirmed) => {
        const write = (t: Equipment) => {
          t.name = String(v.name);
          t.cost = Number(v.cost);
          t.slots = v.slots as Equipment['slots'];
          t.radProtection = v.radProtection === true;
          t.text = String(v.text ?? '');
        };
        if (e) {
          const t = draft.equipment.find((x) => x.id === e.id)!;
          write(t);
          if (confirmed) t.provisional = confirmFields(t.provisional, ['cost', 'text']);
          return;
        }
        const t: Equipment = {
          id: newEntityId(draft.equipment, String(v.name), 'item'),
          name: '',
          cost: 0,
          text: '',
          radProtection: false,
          slots: ['core'],
          provisional: provisionalOfNew(confirmed),
        };
        write(t);
        draft.equipment.push(t);
      }}
    />
  );
}

import type { Cryptid } from '../../../../src-shared/ruleset/schema';
import { confirmFields } from '../armoury/edit-pack';
import { PackEditModal } from '../armoury/PackEditModal';
import type { VersionEditProps } from '../armoury/useSaveVersion';

const STAT_FIELDS = [
  { name: 'M', label: 'Movement (inches)', min: 0, max: 120 },
  { name: 'Hit', label: 'Hit (3 means 3+)', min: 1, max: 7 },
  { name: 'T', label: 'Toughness', min: 1, max: 20 },
  { name: 'Save', label: 'Save (3 means 3+)', min: 1, max: 7 },
  { name: 'A', label: 'Attacks', min: 0, max: 20 },
  { name: 'F', label: 'Force', min: 1, max: 20 },
  { name: 'D', label: 'Damage', min: 0, max: 20 },
] as const;

/**
 * Replaces a creature's provisional card with the designer's numbers, as a
 * new pack version. Its Wounds follow its class (15, or 20 for Boss-class),
 * so they are changed on the pack's cryptid rules, not per creature.
 */
export function CryptidEditModal({ cryptid: c, ...props }: VersionEditProps & { cryptid: Cryptid }) {
  return (
    <PackEditModal
      {...props}
      title={`Edit ${c.name}`}
      columns={4}
      defaultNote={`${c.name} card edited`}
      fields={[
        ...STAT_FIELDS.map((f) => ({ ...f, kind: 'number' as const, value: c.profile[f.name] })),
        { name: 'name', label: 'Name', kind: 'text', max: 80, value: c.name, required: true },
        { name: 'instinctName', label: 'Feral instinct', kind: 'text', max: 80, value: c.instinct.name, required: true },
        { name: 'instinctCondition', label: 'Instinct condition', kind: 'long-text', max: 4000, value: c.instinct.condition },
        { name: 'instinctText', label: 'Instinct effect', kind: 'long-text', max: 4000, value: c.instinct.text },
        { name: 'trophyName', label: 'Trophy', kind: 'text', max: 80, value: c.trophy.name, required: true },
        { name: 'trophyEffect', label: 'Trophy effect', kind: 'long-text', max: 4000, value: c.trophy.effect },
      ]}
      apply={(draft, v, confirmed) => {
        const t = draft.cryptids.find((x) => x.id === c.id)!;
        for (const f of STAT_FIELDS) t.profile[f.name] = Number(v[f.name]);
        t.name = String(v.name);
        t.instinct = { name: String(v.instinctName), condition: String(v.instinctCondition ?? ''), text: String(v.instinctText ?? '') };
        t.trophy = { ...t.trophy, name: String(v.trophyName), effect: String(v.trophyEffect ?? '') };
        if (confirmed) t.provisional = confirmFields(t.provisional, ['name', 'profile', 'instinct', 'trophy', 'text']);
      }}
    />
  );
}

import type { CatalogueCollection } from '../../../../src-shared/ruleset/edits';
import type { Equipment, Weapon } from '../../../../src-shared/ruleset/schema';
import { EquipmentEditModal, WeaponEditModal } from './entity-editors';
import { RetireEntryModal } from './RetireEntryModal';
import type { VersionEditProps } from './useSaveVersion';

/** Which weapon or equipment dialog is open: edit one, make a new one, or retire one. */
export type CatalogueEdit =
  | { edit: 'weapon'; weapon: Weapon }
  | { edit: 'weapon'; kind: Weapon['kind'] }
  | { edit: 'equipment'; item?: Equipment }
  | { retire: CatalogueCollection; entry: { id: string; name: string } };

export function CatalogueDialog({ catalogue: c, ...props }: VersionEditProps & { catalogue: CatalogueEdit }) {
  if ('retire' in c) return <RetireEntryModal {...props} collection={c.retire} entry={c.entry} />;
  if (c.edit === 'equipment') return <EquipmentEditModal {...props} item={c.item} />;
  return 'weapon' in c ? <WeaponEditModal {...props} weapon={c.weapon} /> : <WeaponEditModal {...props} kind={c.kind} />;
}

import { catalogueRemovalProblems, type CatalogueCollection } from '../../../../src-shared/ruleset/edits';
import { RemovalDialog } from './RemovalDialog';
import type { VersionEditProps } from './useSaveVersion';

/**
 * Retires a weapon or an item of equipment in a NEW pack version, or says why
 * it cannot go: a unit, loadout or rule of the pack still names it. The
 * version it leaves, and every roster and campaign on it, keep it.
 */
export function RetireEntryModal({ collection, entry, ...props }: VersionEditProps & { collection: CatalogueCollection; entry: { id: string; name: string } }) {
  return (
    <RemovalDialog
      {...props}
      name={entry.name}
      action="Retire"
      verb="retired"
      blockers={catalogueRemovalProblems(props.pack, collection, entry.id)}
      consequence={`A new version of the pack is saved without ${entry.name}. This version, and every campaign and roster on it, keep it.`}
      drop={(draft) => {
        (draft[collection] as { id: string }[]) = (draft[collection] as { id: string }[]).filter((x) => x.id !== entry.id);
      }}
    />
  );
}

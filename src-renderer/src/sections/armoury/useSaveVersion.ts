import { notifications } from '@mantine/notifications';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { useApiMutation } from '../../api/hooks';
import { draftOf } from './edit-pack';

/** What every pack editor is handed: the version it starts from and where to go once a new one is saved. */
export interface VersionEditProps {
  pack: RulesetPack;
  baseVersionId: number;
  onClose: () => void;
  /** The version now shown, and the one the edit started from (to compare the two). */
  onSaved: (versionId: number, fromVersionId: number) => void;
}

/**
 * The one way an editor saves: `edit` changes a deep copy of the pack, which
 * is stored as a NEW version (the one on screen, and every campaign pinned to
 * it, never change), then the organiser is told and taken to it. The
 * mutation's error and pending state are there for the form to show.
 */
export function useSaveVersion({ pack, baseVersionId, onSaved }: Pick<VersionEditProps, 'pack' | 'baseVersionId' | 'onSaved'>) {
  const mutation = useApiMutation('rulesets.createVersion');
  const saveVersion = async (edit: (draft: RulesetPack) => void, note: string) => {
    const draft = draftOf(pack);
    edit(draft);
    const created = await mutation.mutateAsync({ baseVersionId, pack: draft, note });
    // one pack, one version: an edit that comes back to a stored version's content is that version, not a new one
    notifications.show(
      created.alreadyStored
        ? { color: 'blue', title: 'Same as a stored version', message: `This is ${created.name} v${created.version} again: nothing new was stored.` }
        : { color: 'teal', title: 'New pack version saved', message: `${created.name} v${created.version}: ${note}` },
    );
    onSaved(created.id, baseVersionId);
  };
  return { saveVersion, error: mutation.error, isPending: mutation.isPending };
}

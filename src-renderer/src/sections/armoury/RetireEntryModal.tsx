import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { catalogueRemovalProblems, type CatalogueCollection } from '../../../../src-shared/ruleset/edits';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useSaveVersion, type VersionEditProps } from './useSaveVersion';

/**
 * Retires a weapon or an item of equipment in a NEW pack version, or says why
 * it cannot go: a unit, loadout or rule of the pack still names it. The
 * version it leaves, and every roster and campaign on it, keep it.
 */
export function RetireEntryModal({ collection, entry, ...props }: VersionEditProps & { collection: CatalogueCollection; entry: { id: string; name: string } }) {
  const { pack, onClose } = props;
  const save = useSaveVersion(props);
  const [note, setNote] = useState('');
  const problems = catalogueRemovalProblems(pack, collection, entry.id);

  const retire = () =>
    save.saveVersion(
      (draft) => {
        (draft[collection] as { id: string }[]) = (draft[collection] as { id: string }[]).filter((x) => x.id !== entry.id);
      },
      note.trim() || `${entry.name} retired`,
    );

  return (
    <Modal opened onClose={onClose} title={`Retire ${entry.name}`}>
      <Stack>
        {problems.length > 0 ? (
          <Alert color="orange" title={`${entry.name} cannot be retired`}>
            <List size="sm">
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <>
            <Text size="sm">A new version of the pack is saved without {entry.name}. This version, and every campaign and roster on it, keep it.</Text>
            <Textarea
              label="Note for this version"
              placeholder={`${entry.name} retired`}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={1}
            />
          </>
        )}
        <ErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {problems.length > 0 ? 'Close' : 'Cancel'}
          </Button>
          {problems.length === 0 && (
            <Button color="red" onClick={() => void retire().catch(() => undefined)} loading={save.isPending}>
              Retire as new version
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useSaveVersion, type VersionEditProps } from './useSaveVersion';

/**
 * The one dialog that takes an entry out of the pack in a new version: either
 * the reasons it cannot go, or what happens and a note for the version.
 */
export function RemovalDialog({
  name,
  action,
  verb,
  blockers,
  ready = true,
  status,
  consequence,
  drop,
  ...props
}: VersionEditProps & {
  name: string;
  /** The button's verb, "Remove" or "Retire", and its past participle for sentences. */
  action: string;
  verb: string;
  /** Why it cannot go, one sentence each; empty when it may. */
  blockers: string[];
  /** False while what blocks it is still being looked up. */
  ready?: boolean;
  /** Shown while not ready, or beside the dialog (a lookup's progress or error). */
  status?: ReactNode;
  consequence: string;
  /** Takes the entry out of a draft copy of the pack. */
  drop: (draft: RulesetPack) => void;
}) {
  const [note, setNote] = useState('');
  const save = useSaveVersion(props);
  const onClose = props.onClose;
  const blocked = blockers.length > 0;
  return (
    <Modal opened onClose={onClose} title={`${action} ${name}`}>
      <Stack>
        {status}
        {ready && blocked && (
          <Alert color="orange" title={`${name} cannot be ${verb}`}>
            <List size="sm">
              {blockers.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {ready && !blocked && (
          <>
            <Text size="sm">{consequence}</Text>
            <Textarea
              label="Note for this version"
              placeholder={`${name} ${verb}`}
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
            {blocked ? 'Close' : 'Cancel'}
          </Button>
          {ready && !blocked && (
            <Button color="red" onClick={() => void save.saveVersion(drop, note.trim() || `${name} ${verb}`).catch(() => undefined)} loading={save.isPending}>
              {action} as new version
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { unitRemovalProblems } from '../../../../src-shared/ruleset/edits';
import type { Unit } from '../../../../src-shared/ruleset/schema';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useSaveVersion, type VersionEditProps } from './useSaveVersion';

/**
 * Removes a unit in a NEW pack version, or says why it cannot go: a roster
 * built on this version fields it, or the pack would break without it (a
 * faction's last Captain, Officer or Core unit; the Sniper's Skirmisher).
 */
export function RemoveUnitModal({ unit, ...props }: VersionEditProps & { unit: Unit }) {
  const { pack, baseVersionId, onClose } = props;
  const usage = useApiQuery('rulesets.unitUsage', { versionId: baseVersionId, unitId: unit.id });
  const save = useSaveVersion(props);
  const [note, setNote] = useState('');
  const problems = unitRemovalProblems(pack, unit.id);
  const rosters = usage.data?.rosters ?? [];
  const blocked = problems.length > 0 || rosters.length > 0;

  const remove = () =>
    save.saveVersion(
      (draft) => {
        draft.units = draft.units.filter((u) => u.id !== unit.id);
      },
      note.trim() || `${unit.name} removed`,
    );

  return (
    <Modal opened onClose={onClose} title={`Remove ${unit.name}`}>
      <Stack>
        {usage.isLoading && (
          <Group>
            <Loader size="sm" /> <Text size="sm">Looking for rosters that field it…</Text>
          </Group>
        )}
        <ErrorAlert error={usage.error} />
        {usage.data && blocked && (
          <Alert color="orange" title={`${unit.name} cannot be removed`}>
            <List size="sm">
              {rosters.map((r) => (
                <List.Item key={r.id}>The roster “{r.name}” fields it on this version.</List.Item>
              ))}
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {usage.data && !blocked && (
          <>
            <Text size="sm">A new version of the pack is saved without {unit.name}. This version, and every campaign and roster on it, keep the unit.</Text>
            <Textarea
              label="Note for this version"
              placeholder={`${unit.name} removed`}
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
          {usage.data && !blocked && (
            <Button color="red" onClick={() => void remove().catch(() => undefined)} loading={save.isPending}>
              Remove as new version
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

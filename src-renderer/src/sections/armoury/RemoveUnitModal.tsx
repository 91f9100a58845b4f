import { Group, Loader, Text } from '@mantine/core';
import { unitRemovalProblems } from '../../../../src-shared/ruleset/edits';
import type { Unit } from '../../../../src-shared/ruleset/schema';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { RemovalDialog } from './RemovalDialog';
import type { VersionEditProps } from './useSaveVersion';

/**
 * Removes a unit in a NEW pack version, or says why it cannot go: a roster
 * built on this version fields it, or the pack would break without it (a
 * faction's last Captain, Officer or Core unit; the Sniper's Skirmisher).
 */
export function RemoveUnitModal({ unit, ...props }: VersionEditProps & { unit: Unit }) {
  const usage = useApiQuery('rulesets.unitUsage', { versionId: props.baseVersionId, unitId: unit.id });
  const rosters = (usage.data?.rosters ?? []).map((r) => `The roster “${r.name}” fields it on this version.`);
  return (
    <RemovalDialog
      {...props}
      name={unit.name}
      action="Remove"
      verb="removed"
      blockers={[...rosters, ...unitRemovalProblems(props.pack, unit.id)]}
      ready={!!usage.data}
      status={
        <>
          {usage.isLoading && (
            <Group>
              <Loader size="sm" /> <Text size="sm">Looking for rosters that field it…</Text>
            </Group>
          )}
          <ErrorAlert error={usage.error} />
        </>
      }
      consequence={`A new version of the pack is saved without ${unit.name}. This version, and every campaign and roster on it, keep the unit.`}
      drop={(draft) => {
        draft.units = draft.units.filter((u) => u.id !== unit.id);
      }}
    />
  );
}

import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { RulesetPack, Unit } from '../../../../src-shared/ruleset/schema';
import { useApiQuery } from '../../api/hooks';
import type { UnitFormValues } from './apply-unit-form';
import { WeaponsField } from './unit-form';
import { NumberField } from '../../components/form-fields';

/** The most loadouts a unit may have besides the Sniper's. */
export const MAX_LOADOUTS = 11;

/**
 * The unit's loadouts: added, renamed, repriced or removed. A loadout that a
 * roster on this version gives to a model cannot be removed; the Sniper's
 * loadout follows the pack's rule and is not shown.
 */
export function LoadoutsField({
  pack,
  baseVersionId,
  unit,
  control,
  register,
  errors,
}: {
  pack: RulesetPack;
  baseVersionId: number;
  unit: Unit;
  control: Control<UnitFormValues>;
  register: UseFormRegister<UnitFormValues>;
  errors: FieldErrors<UnitFormValues>;
}) {
  const usage = useApiQuery('rulesets.unitUsage', { versionId: baseVersionId, unitId: unit.id });
  const usedLoadouts = new Map<string, string[]>();
  for (const r of usage.data?.rosters ?? []) for (const l of r.loadoutIds) usedLoadouts.set(l, [...(usedLoadouts.get(l) ?? []), r.name]);
  const hasSniper = unit.loadouts.some((l) => l.id === pack.sniper.unitLoadoutId);
  const loadouts = useFieldArray({ control, name: 'loadouts', keyName: 'key' });

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Loadouts
        </Title>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconPlus size={14} />}
          onClick={() => loadouts.append({ id: '', name: '', cost: 0, weapons: [] })}
          disabled={loadouts.fields.length >= MAX_LOADOUTS}
        >
          Add a loadout
        </Button>
      </Group>
      {hasSniper && (
        <Text size="xs" c="dimmed">
          The Deadshot Sniper loadout is set by the pack’s Sniper rule (+{pack.sniper.cost} points) and is not edited here.
        </Text>
      )}
      {loadouts.fields.length === 0 && <Text size="sm">No other loadouts: every model takes the standard equipment.</Text>}
      {loadouts.fields.map((f, i) => {
        const users = f.id ? usedLoadouts.get(f.id) : undefined;
        const label = f.id ? f.name : `New loadout ${i + 1}`;
        return (
          <Paper key={f.key} withBorder p="xs" role="group" aria-label={`Loadout: ${label}`}>
            <Group align="flex-start" wrap="nowrap">
              <TextInput label="Loadout name" {...register(`loadouts.${i}.name`)} error={errors.loadouts?.[i]?.name?.message} style={{ flex: 2 }} />
              <NumberField
                control={control}
                name={`loadouts.${i}.cost`}
                label="Extra points per model"
                error={errors.loadouts?.[i]?.cost?.message}
                style={{ flex: 1 }}
              />
              <Tooltip label={users ? `Needed by ${users.join(', ')} on this version` : `Remove ${label}`}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  aria-label={`Remove loadout ${label}`}
                  aria-disabled={users ? true : undefined}
                  onClick={() => !users && loadouts.remove(i)}
                  data-disabled={users ? true : undefined}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <WeaponsField
              control={control}
              name={`loadouts.${i}.weapons`}
              pack={pack}
              label="Weapons of this loadout"
              description="Empty: the standard weapons"
              error={errors.loadouts?.[i]?.weapons?.message}
            />
            {users && (
              <Text size="xs" c="dimmed" mt={4}>
                Cannot be removed: {users.join(', ')} {users.length === 1 ? 'gives' : 'give'} it to a model on this version.
              </Text>
            )}
          </Paper>
        );
      })}
      {errors.loadouts?.message && (
        <Text size="sm" c="red">
          {errors.loadouts.message}
        </Text>
      )}
    </Stack>
  );
}

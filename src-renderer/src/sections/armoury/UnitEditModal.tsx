import { ActionIcon, Button, Checkbox, Group, Modal, NumberInput, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Issue } from '../../../../src-shared/errors';
import { newLoadoutId } from '../../../../src-shared/ruleset/edits';
import { PROFILE_KEYS } from '../../../../src-shared/ruleset/lookup';
import { nameSchema, profileSchema, type Loadout, type RulesetPack, type Unit } from '../../../../src-shared/ruleset/schema';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { confirmFields, draftOf } from './edit-pack';
import { noteField, pointsField, ProfileFields, showServerIssues, VersionFormFooter, WeaponsField } from './unit-form';

const loadoutRow = z.object({
  /** '' for a loadout added in this form. */
  id: z.string(),
  name: z.string().trim().min(1, 'Give the loadout a name.').max(80, 'At most 80 characters.'),
  cost: pointsField,
  weapons: z.array(z.string()).max(8, 'At most 8 weapons.'),
});

const formSchema = z.object({
  name: nameSchema,
  cost: pointsField,
  profile: profileSchema,
  weapons: z.array(z.string()).max(8, 'At most 8 weapons.'),
  loadouts: z.array(loadoutRow).max(11, 'At most 12 loadouts per unit.'),
  confirmed: z.boolean(),
  note: noteField,
});
type FormValues = z.infer<typeof formSchema>;

/**
 * Edits one unit into a NEW version of the pack: its numbers, its weapon
 * list and its loadouts (added, changed or removed). The version on screen,
 * and every campaign pinned to it, stay exactly as they were. Problems the
 * backend finds come back beside the field they concern.
 */
export function UnitEditModal({
  pack,
  baseVersionId,
  unit,
  onClose,
  onSaved,
}: {
  pack: RulesetPack;
  baseVersionId: number;
  unit: Unit;
  onClose: () => void;
  onSaved: (versionId: number) => void;
}) {
  const save = useApiMutation('rulesets.createVersion');
  const usage = useApiQuery('rulesets.unitUsage', { versionId: baseVersionId, unitId: unit.id });
  const usedLoadouts = new Map<string, string[]>();
  for (const r of usage.data?.rosters ?? []) for (const l of r.loadoutIds) usedLoadouts.set(l, [...(usedLoadouts.get(l) ?? []), r.name]);
  const sniperId = pack.sniper.unitLoadoutId;
  const hasSniper = unit.loadouts.some((l) => l.id === sniperId);
  const [unplaced, setUnplaced] = useState<Issue[] | null>(null);

  const { control, register, handleSubmit, formState, setError } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: {
      name: unit.name,
      cost: unit.cost,
      profile: { ...unit.profile },
      weapons: [...unit.weapons],
      loadouts: unit.loadouts.filter((l) => l.id !== sniperId).map((l) => ({ id: l.id, name: l.name, cost: l.cost, weapons: [...(l.weapons ?? [])] })),
      confirmed: false,
      note: '',
    },
  });
  const loadouts = useFieldArray({ control, name: 'loadouts', keyName: 'key' });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (v) => {
    const draft = draftOf(pack);
    const index = draft.units.findIndex((x) => x.id === unit.id);
    const u = draft.units[index]!;
    u.name = v.name;
    u.cost = v.cost;
    u.profile = v.profile;
    u.weapons = v.weapons;
    // Keep the order of the loadouts that stay, then the new ones; remember
    // which form row each pack loadout came from to place the backend's problems.
    const next: Loadout[] = [];
    const formRowOf: number[] = [];
    for (const l of u.loadouts) {
      const row = v.loadouts.findIndex((x) => x.id === l.id);
      if (l.id === sniperId) {
        next.push(l);
        formRowOf.push(-1);
      } else if (row >= 0) {
        const r = v.loadouts[row]!;
        const changedWeapons = JSON.stringify(r.weapons) !== JSON.stringify(l.weapons ?? []);
        next.push({ ...l, name: r.name, cost: r.cost, ...(changedWeapons ? { weapons: r.weapons.length ? r.weapons : undefined } : {}) });
        formRowOf.push(row);
      }
    }
    v.loadouts.forEach((r, row) => {
      if (r.id) return;
      const id = newLoadoutId({ ...u, loadouts: next }, r.name);
      next.push({
        id,
        name: r.name,
        cost: r.cost,
        ...(r.weapons.length ? { weapons: r.weapons } : {}),
        specialRules: [],
        text: '',
        provisional: v.confirmed ? [] : ['cost'],
      });
      formRowOf.push(row);
    });
    u.loadouts = next;
    if (v.confirmed) {
      u.provisional = confirmFields(u.provisional, ['cost', 'profile']);
      for (const l of u.loadouts) if (l.id !== sniperId) l.provisional = confirmFields(l.provisional, ['cost']);
    }
    const note = v.note || `${unit.name} edited`;
    setUnplaced(null);
    try {
      const created = await save.mutateAsync({ baseVersionId, pack: draft, note });
      notifications.show({ color: 'teal', title: 'New pack version saved', message: `${created.name} v${created.version}: ${note}` });
      onSaved(created.id);
    } catch (e) {
      setUnplaced(
        showServerIssues(
          e,
          ['units', index],
          (rest) => {
            const [head, second, third] = rest.split('.');
            if (head === 'name' || head === 'cost') return rest === head ? head : undefined;
            if (head === 'profile' && (PROFILE_KEYS as readonly string[]).includes(second ?? '')) return rest;
            if (head === 'weapons') return 'weapons';
            if (head === 'loadouts') {
              const row = formRowOf[Number(second)];
              if (row === undefined || row < 0) return undefined;
              const field = third === 'cost' ? 'cost' : third === 'weapons' ? 'weapons' : 'name';
              return `loadouts.${row}.${field}`;
            }
            return undefined;
          },
          setError,
        ),
      );
    }
  });

  return (
    <Modal opened onClose={onClose} title={`Edit ${unit.name}`} size="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Saving makes a new version of the pack. The version you started from, and every campaign pinned to it, keep their numbers.
          </Text>
          <TextInput label="Name" {...register('name')} error={errors.name?.message} />
          <Controller
            control={control}
            name="cost"
            render={({ field }) => (
              <NumberInput
                label="Points per model"
                description="Standard equipment included"
                value={field.value}
                onChange={(n) => field.onChange(typeof n === 'number' ? n : NaN)}
                onBlur={field.onBlur}
                error={errors.cost?.message}
                allowDecimal={false}
              />
            )}
          />
          <ProfileFields control={control} name="profile" errors={errors.profile} />
          <Controller
            control={control}
            name="weapons"
            render={({ field }) => (
              <WeaponsField
                pack={pack}
                label="Standard weapons"
                description="Carried by every model unless its loadout replaces them"
                value={field.value}
                onChange={field.onChange}
                error={errors.weapons?.message}
              />
            )}
          />
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
                disabled={loadouts.fields.length >= 11}
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
                    <Controller
                      control={control}
                      name={`loadouts.${i}.cost`}
                      render={({ field }) => (
                        <NumberInput
                          label="Extra points per model"
                          value={field.value}
                          onChange={(n) => field.onChange(typeof n === 'number' ? n : NaN)}
                          onBlur={field.onBlur}
                          error={errors.loadouts?.[i]?.cost?.message}
                          allowDecimal={false}
                          style={{ flex: 1 }}
                        />
                      )}
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
                  <Controller
                    control={control}
                    name={`loadouts.${i}.weapons`}
                    render={({ field }) => (
                      <WeaponsField
                        pack={pack}
                        label="Weapons of this loadout"
                        description="Empty: the standard weapons"
                        value={field.value}
                        onChange={field.onChange}
                        error={errors.loadouts?.[i]?.weapons?.message}
                      />
                    )}
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
          <Controller
            control={control}
            name="confirmed"
            render={({ field }) => (
              <Checkbox
                label="These are the designer’s published numbers (clear the provisional mark on cost and profile)"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <VersionFormFooter
            note={register('note')}
            notePlaceholder="e.g. Club prices after the October playtest"
            noteError={errors.note?.message}
            saveError={save.error}
            unplaced={unplaced}
            onCancel={onClose}
            saving={save.isPending}
            valid={formState.isValid}
            submitLabel="Save as new version"
          />
        </Stack>
      </form>
    </Modal>
  );
}

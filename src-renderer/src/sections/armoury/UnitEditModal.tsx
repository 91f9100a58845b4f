import { Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PROFILE_KEYS } from '../../../../src-shared/ruleset/lookup';
import { nameSchema, profileSchema, type RulesetPack, type Unit } from '../../../../src-shared/ruleset/schema';
import { useApiMutation } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { confirmFields, draftOf } from './edit-pack';

const points = z.number({ error: 'Enter a number of points.' }).int('Points are whole numbers.').min(0, 'Points cannot be negative.').max(10000, 'At most 10,000 points.');

const formSchema = z.object({
  name: nameSchema,
  cost: points,
  profile: profileSchema,
  loadoutCosts: z.record(z.string(), points),
  confirmed: z.boolean(),
  note: z.string().trim().max(500, 'Keep the note under 500 characters.'),
});
type FormValues = z.infer<typeof formSchema>;

const STAT_HELP: Record<string, string> = { Hit: '3 means 3+', Save: '3 means 3+', Resolve: '3 means 3+', M: 'inches' };

/**
 * Edits one unit into a NEW version of the pack: the version on screen, and
 * every campaign pinned to it, stay exactly as they were.
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
  const save = useApiMutation('rulesets.createVersion', { invalidates: ['rulesets.list'] });
  const editableLoadouts = unit.loadouts.filter((l) => l.id !== pack.sniper.unitLoadoutId);
  const { control, register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: {
      name: unit.name,
      cost: unit.cost,
      profile: { ...unit.profile },
      loadoutCosts: Object.fromEntries(editableLoadouts.map((l) => [l.id, l.cost])),
      confirmed: false,
      note: '',
    },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (v) => {
    const draft = draftOf(pack);
    const u = draft.units.find((x) => x.id === unit.id)!;
    u.name = v.name;
    u.cost = v.cost;
    u.profile = v.profile;
    for (const l of u.loadouts) if (v.loadoutCosts[l.id] !== undefined) l.cost = v.loadoutCosts[l.id]!;
    if (v.confirmed) {
      u.provisional = confirmFields(u.provisional, ['cost', 'profile']);
      for (const l of u.loadouts) if (l.id in v.loadoutCosts) l.provisional = confirmFields(l.provisional, ['cost']);
    }
    const note = v.note || `${unit.name} edited`;
    const created = await save.mutateAsync({ baseVersionId, pack: draft, note });
    notifications.show({ color: 'teal', title: 'New pack version saved', message: `${created.name} v${created.version}: ${note}` });
    onSaved(created.id);
  });

  return (
    <Modal opened onClose={onClose} title={`Edit ${unit.name}`} size="lg">
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
              <NumberInput label="Points per model" description="Standard equipment included" value={field.value} onChange={(n) => field.onChange(typeof n === 'number' ? n : NaN)} onBlur={field.onBlur} error={errors.cost?.message} allowDecimal={false} />
            )}
          />
          <SimpleGrid cols={{ base: 4, sm: 8 }} spacing="xs">
            {PROFILE_KEYS.map((k) => (
              <Controller
                key={k}
                control={control}
                name={`profile.${k}`}
                render={({ field }) => (
                  <NumberInput label={k} description={STAT_HELP[k]} value={field.value} onChange={(n) => field.onChange(typeof n === 'number' ? n : NaN)} onBlur={field.onBlur} error={errors.profile?.[k]?.message} hideControls />
                )}
              />
            ))}
          </SimpleGrid>
          {editableLoadouts.map((l) => (
            <Controller
              key={l.id}
              control={control}
              name={`loadoutCosts.${l.id}`}
              render={({ field }) => (
                <NumberInput label={`${l.name}: extra points per model`} value={field.value} onChange={(n) => field.onChange(typeof n === 'number' ? n : NaN)} onBlur={field.onBlur} error={errors.loadoutCosts?.[l.id]?.message} allowDecimal={false} />
              )}
            />
          ))}
          <Controller
            control={control}
            name="confirmed"
            render={({ field }) => (
              <Checkbox label="These are the designer’s published numbers (clear the provisional mark on cost and profile)" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
          <Textarea label="Note for this version" placeholder="e.g. Club prices after the October playtest" {...register('note')} error={errors.note?.message} autosize minRows={1} />
          <ErrorAlert error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!formState.isValid}>
              Save as new version
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

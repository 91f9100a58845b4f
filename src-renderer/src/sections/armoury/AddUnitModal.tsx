import { Checkbox, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Issue } from '../../../../src-shared/errors';
import { newUnitId } from '../../../../src-shared/ruleset/edits';
import { PROFILE_KEYS } from '../../../../src-shared/ruleset/lookup';
import { FACTION_IDS, profileSchema, SLOTS, type RulesetPack, type Unit } from '../../../../src-shared/ruleset/schema';
import { useApiMutation } from '../../api/hooks';
import { draftOf } from './edit-pack';
import { SLOT_LABEL } from './UnitCard';
import { noteField, pointsField, ProfileFields, showServerIssues, VersionFormFooter, WeaponsField } from './unit-form';

const formSchema = z.object({
  factionId: z.string().min(1, 'Choose the faction that fields it.'),
  slot: z.enum(SLOTS, { error: 'Choose its type.' }),
  name: z.string().trim().min(1, 'Give the unit a name.').max(80, 'At most 80 characters.'),
  cost: pointsField,
  profile: profileSchema,
  weapons: z.array(z.string()).max(8, 'At most 8 weapons.'),
  official: z.boolean(),
  note: noteField,
});
type FormValues = z.infer<typeof formSchema>;

/** A middling trooper, so a new unit starts from playable numbers rather than zeros. */
const STARTING_PROFILE: Unit['profile'] = { M: 6, W: 1, Hit: 4, T: 3, Save: 5, A: 1, D: 1, Resolve: 4 };

/**
 * Adds a unit to a faction as a NEW pack version. Field rules are checked as
 * the organiser types; the whole pack (cross-references included, such as a
 * second unit of the same name in the faction) is checked by the backend,
 * whose problems come back beside their fields.
 */
export function AddUnitModal({
  pack,
  baseVersionId,
  factionId,
  onClose,
  onSaved,
}: {
  pack: RulesetPack;
  baseVersionId: number;
  factionId?: string;
  onClose: () => void;
  onSaved: (versionId: number) => void;
}) {
  const save = useApiMutation('rulesets.createVersion');
  const [unplaced, setUnplaced] = useState<Issue[] | null>(null);
  const { control, register, handleSubmit, formState, setError } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: { factionId: factionId ?? '', slot: 'core', name: '', cost: 10, profile: { ...STARTING_PROFILE }, weapons: [], official: false, note: '' },
  });
  const errors = formState.errors;
  // the six factions in the pack's order; an imported pack may hold others
  const factions = [...pack.factions].sort((a, b) => (FACTION_IDS as readonly string[]).indexOf(a.id) - (FACTION_IDS as readonly string[]).indexOf(b.id));

  const onSubmit = handleSubmit(async (v) => {
    const draft = draftOf(pack);
    const unit: Unit = {
      id: newUnitId(draft, v.name),
      factionId: v.factionId,
      name: v.name,
      slot: v.slot,
      cost: v.cost,
      profile: v.profile,
      weapons: v.weapons,
      specialRules: [],
      loadouts: [],
      traits: [],
      text: '',
      source: v.official ? undefined : 'Club addition',
      // the club's own numbers are not the designer's until someone says so
      provisional: v.official ? [] : ['cost', 'profile'],
    };
    if (unit.source === undefined) delete unit.source;
    draft.units.push(unit);
    const faction = pack.factions.find((f) => f.id === v.factionId)?.name ?? v.factionId;
    const note = v.note || `${v.name} added to ${faction}`;
    setUnplaced(null);
    try {
      const created = await save.mutateAsync({ baseVersionId, pack: draft, note });
      notifications.show({ color: 'teal', title: 'New pack version saved', message: `${created.name} v${created.version}: ${note}` });
      onSaved(created.id);
    } catch (e) {
      setUnplaced(
        showServerIssues(
          e,
          ['units', draft.units.length - 1],
          (rest) => {
            const [head, second] = rest.split('.');
            if (head === 'factionId') return 'factionId';
            if (head === 'id') return 'name';
            if (head === 'name' || head === 'cost' || head === 'slot') return rest === head ? head : undefined;
            if (head === 'profile' && (PROFILE_KEYS as readonly string[]).includes(second ?? '')) return rest;
            if (head === 'weapons') return 'weapons';
            return undefined;
          },
          setError,
        ),
      );
    }
  });

  return (
    <Modal opened onClose={onClose} title="Add a unit" size="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The unit joins a new version of the pack; the version on screen and the campaigns pinned to it do not change. Loadouts can be added afterwards with
            Edit.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="factionId"
              render={({ field }) => (
                <Select
                  label="Faction"
                  placeholder="Choose a faction"
                  data={factions.map((f) => ({ value: f.id, label: f.name }))}
                  value={field.value || null}
                  onChange={(x) => field.onChange(x ?? '')}
                  onBlur={field.onBlur}
                  error={errors.factionId?.message}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={control}
              name="slot"
              render={({ field }) => (
                <Select
                  label="Type"
                  data={SLOTS.map((s) => ({ value: s, label: SLOT_LABEL[s] }))}
                  value={field.value}
                  onChange={(x) => x && field.onChange(x)}
                  onBlur={field.onBlur}
                  error={errors.slot?.message}
                  allowDeselect={false}
                />
              )}
            />
            <TextInput label="Name" placeholder="e.g. Fusiliers of the Watch" {...register('name')} error={errors.name?.message} />
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
          </SimpleGrid>
          <ProfileFields control={control} name="profile" errors={errors.profile} />
          <Controller
            control={control}
            name="weapons"
            render={({ field }) => (
              <WeaponsField
                pack={pack}
                label="Standard weapons"
                description="Chosen from this pack’s weapons"
                value={field.value}
                onChange={field.onChange}
                error={errors.weapons?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="official"
            render={({ field }) => (
              <Checkbox
                label="These are the designer’s published numbers (otherwise the cost and profile are marked provisional)"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <VersionFormFooter
            note={register('note')}
            notePlaceholder="e.g. Club unit for the winter league"
            noteError={errors.note?.message}
            saveError={save.error}
            unplaced={unplaced}
            onCancel={onClose}
            saving={save.isPending}
            valid={formState.isValid}
            submitLabel="Add as new version"
          />
        </Stack>
      </form>
    </Modal>
  );
}

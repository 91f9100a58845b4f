import { Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Issue } from '../../../../src-shared/errors';
import { profileSchema, type Unit } from '../../../../src-shared/ruleset/schema';
import { FACTION_IDS, SLOTS } from '../../../../src-shared/ruleset/pack-facts';
import { applyUnitForm, unitFieldOf, type AppliedUnit, type UnitFormValues } from './apply-unit-form';
import { LoadoutsField, MAX_LOADOUTS } from './LoadoutsField';
import { SLOT_LABEL } from './UnitCard';
import { noteField, pointsField, ProfileFields, showServerIssues, VersionFormFooter, WeaponsField } from './unit-form';
import { useSaveVersion, type VersionEditProps } from './useSaveVersion';
import { CheckboxField, NumberField, SelectField } from '../../components/form-fields';

const weaponList = z.array(z.string()).max(8, 'At most 8 weapons.');
const named = (missing: string) => z.string().trim().min(1, missing).max(80, 'At most 80 characters.');

const formSchema: z.ZodType<UnitFormValues, UnitFormValues> = z.object({
  factionId: z.string().min(1, 'Choose the faction that fields it.'),
  slot: z.enum(SLOTS, { error: 'Choose its type.' }),
  name: named('Give the unit a name.'),
  cost: pointsField,
  profile: profileSchema,
  weapons: weaponList,
  loadouts: z
    .array(z.object({ id: z.string(), name: named('Give the loadout a name.'), cost: pointsField, weapons: weaponList }))
    .max(MAX_LOADOUTS, 'At most 12 loadouts per unit.'),
  official: z.boolean(),
  note: noteField,
});

/** A middling trooper, so a new unit starts from playable numbers rather than zeros. */
const STARTING_PROFILE: Unit['profile'] = { M: 6, W: 1, Hit: 4, T: 3, Save: 5, A: 1, D: 1, Resolve: 4 };

function startingValues(unit: Unit | undefined, factionId: string | undefined, sniperId: string): UnitFormValues {
  if (!unit)
    return {
      factionId: factionId ?? '',
      slot: 'core',
      name: '',
      cost: 10,
      profile: { ...STARTING_PROFILE },
      weapons: [],
      loadouts: [],
      official: false,
      note: '',
    };
  return {
    factionId: unit.factionId,
    slot: unit.slot,
    name: unit.name,
    cost: unit.cost,
    profile: { ...unit.profile },
    weapons: [...unit.weapons],
    loadouts: unit.loadouts.filter((l) => l.id !== sniperId).map((l) => ({ id: l.id, name: l.name, cost: l.cost, weapons: [...(l.weapons ?? [])] })),
    official: false,
    note: '',
  };
}

/**
 * Adds a unit to a faction (no `unit`) or edits one (its numbers, weapons and
 * loadouts), as a NEW pack version: the version on screen and the campaigns
 * pinned to it do not change. Field rules are checked as the organiser types;
 * the whole pack (cross-references included, such as a second unit of the same
 * name in the faction) is checked by the backend, whose problems come back
 * beside their fields.
 */
export function UnitFormModal({ unit, factionId, ...props }: VersionEditProps & { unit?: Unit; factionId?: string }) {
  const { pack, onClose } = props;
  const adding = unit === undefined;
  const save = useSaveVersion(props);
  const [unplaced, setUnplaced] = useState<Issue[] | null>(null);
  const { control, register, handleSubmit, formState, setError } = useForm<UnitFormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: startingValues(unit, factionId, pack.sniper.unitLoadoutId),
  });
  const errors = formState.errors;
  // the six factions in the pack's order; an imported pack may hold others
  const factions = [...pack.factions].sort((a, b) => (FACTION_IDS as readonly string[]).indexOf(a.id) - (FACTION_IDS as readonly string[]).indexOf(b.id));

  const onSubmit = handleSubmit(async (v) => {
    const faction = pack.factions.find((f) => f.id === v.factionId)?.name ?? v.factionId;
    const note = v.note || (unit ? `${unit.name} edited` : `${v.name} added to ${faction}`);
    let applied: AppliedUnit = { index: -1, formRowOf: [] };
    setUnplaced(null);
    try {
      await save.saveVersion((draft) => {
        applied = applyUnitForm(draft, unit, v);
      }, note);
    } catch (e) {
      setUnplaced(showServerIssues(e, ['units', applied.index], (rest) => unitFieldOf(rest, applied, adding), setError));
    }
  });

  return (
    <Modal opened onClose={onClose} title={unit ? `Edit ${unit.name}` : 'Add a unit'} size="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {adding
              ? 'The unit joins a new version of the pack; the version on screen and the campaigns pinned to it do not change. Loadouts can be added afterwards with Edit.'
              : 'Saving makes a new version of the pack. The version you started from, and every campaign pinned to it, keep their numbers.'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: adding ? 2 : 1 }}>
            {adding && (
              <SelectField
                control={control}
                name="factionId"
                label="Faction"
                placeholder="Choose a faction"
                data={factions.map((f) => ({ value: f.id, label: f.name }))}
                error={errors.factionId?.message}
              />
            )}
            {adding && (
              <SelectField
                control={control}
                name="slot"
                label="Type"
                data={SLOTS.map((s) => ({ value: s, label: SLOT_LABEL[s] }))}
                error={errors.slot?.message}
              />
            )}
            <TextInput label="Name" placeholder={adding ? 'e.g. Fusiliers of the Watch' : undefined} {...register('name')} error={errors.name?.message} />
            <NumberField control={control} name="cost" label="Points per model" description="Standard equipment included" error={errors.cost?.message} />
          </SimpleGrid>
          <ProfileFields control={control} name="profile" errors={errors.profile} />
          <WeaponsField
            control={control}
            name="weapons"
            pack={pack}
            label="Standard weapons"
            description={adding ? 'Chosen from this pack’s weapons' : 'Carried by every model unless its loadout replaces them'}
            error={errors.weapons?.message}
          />
          {unit && <LoadoutsField pack={pack} baseVersionId={props.baseVersionId} unit={unit} control={control} register={register} errors={errors} />}
          <CheckboxField
            control={control}
            name="official"
            label={
              adding
                ? 'These are the designer’s published numbers (otherwise the cost and profile are marked provisional)'
                : 'These are the designer’s published numbers (clear the provisional mark on cost and profile)'
            }
          />
          <VersionFormFooter
            note={register('note')}
            notePlaceholder={adding ? 'e.g. Club unit for the winter league' : 'e.g. Club prices after the October playtest'}
            noteError={errors.note?.message}
            saveError={save.error}
            unplaced={unplaced}
            onCancel={onClose}
            saving={save.isPending}
            valid={formState.isValid}
            submitLabel={adding ? 'Add as new version' : 'Save as new version'}
          />
        </Stack>
      </form>
    </Modal>
  );
}

import { Alert, MultiSelect, SimpleGrid, Textarea } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useController, type Control, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { AppError, type Issue } from '../../../../src-shared/errors';
import { issuesUnder } from '../../../../src-shared/ruleset/edits';
import { PROFILE_KEYS } from '../../../../src-shared/ruleset/lookup';
import type { Profile, RulesetPack } from '../../../../src-shared/ruleset/schema';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalFooter } from '../../components/ModalFooter';
import { NumberField, type Bound } from '../../components/form-fields';

/** Shared pieces of the pack forms: the same field rules as the pack schema, in the organiser's words. */

export const pointsField = z
  .number({ error: 'Enter a number of points.' })
  .int('Points are whole numbers.')
  .min(0, 'Points cannot be negative.')
  .max(10000, 'At most 10,000 points.');
export const noteField = z.string().trim().max(500, 'Keep the note under 500 characters.');

const STAT_HELP: Record<string, string> = { Hit: '3 means 3+', Save: '3 means 3+', Resolve: '3 means 3+', M: 'inches' };

/** The eight profile inputs; `name` is where the profile sits in the form. */
export function ProfileFields<T extends FieldValues>({ control, errors, name }: { control: Control<T>; errors?: FieldErrors<Profile>; name: string }) {
  return (
    <SimpleGrid cols={{ base: 4, sm: 8 }} spacing="xs">
      {PROFILE_KEYS.map((k) => (
        <NumberField
          key={k}
          control={control}
          name={`${name}.${k}` as Path<T>}
          label={k}
          description={STAT_HELP[k]}
          error={errors?.[k]?.message}
          allowDecimal
          hideControls
        />
      ))}
    </SimpleGrid>
  );
}

/** A multi-select over the pack's weapons, ranged first, bound to the form field `name`. */
export function WeaponsField<T extends FieldValues>({
  control,
  name,
  pack,
  ...select
}: Bound<T> & { pack: RulesetPack; label: string; description?: string; error?: string }) {
  const data = [
    { group: 'Ranged', items: pack.weapons.filter((w) => w.kind === 'ranged').map((w) => ({ value: w.id, label: w.name })) },
    { group: 'Melee', items: pack.weapons.filter((w) => w.kind === 'melee').map((w) => ({ value: w.id, label: w.name })) },
  ];
  const { field } = useController({ control, name });
  return (
    <MultiSelect
      {...select}
      data={data}
      value={field.value as string[]}
      onChange={field.onChange}
      searchable
      clearable
      maxValues={8}
      nothingFoundMessage="No weapon of that name in this pack"
    />
  );
}

/**
 * Puts the backend's problems with a refused edit beside the form fields
 * they concern. `toField` turns a path under `prefix` ("profile.M",
 * "loadouts.1.cost") into the form's field name, or undefined when the form
 * has no such field. Returns the problems no field could take.
 */
export function showServerIssues<T extends FieldValues>(
  error: unknown,
  prefix: (string | number)[],
  toField: (rest: string) => string | undefined,
  setError: UseFormSetError<T>,
): Issue[] {
  if (!(error instanceof AppError) || !error.issues?.length) return [];
  const { byField, other } = issuesUnder(error.issues, prefix);
  const left = [...other];
  for (const [rest, message] of byField) {
    const field = toField(rest);
    if (field) setError(field as Path<T>, { type: 'server', message }, { shouldFocus: left.length === 0 });
    else left.push({ path: [...prefix, ...rest.split('.')], message });
  }
  return left;
}

/** The save error: a short pointer when every problem sits beside its field, the full list otherwise. */
function SaveError({ error, unplaced }: { error: unknown; unplaced: Issue[] | null }) {
  if (!error) return null;
  if (error instanceof AppError && error.issues?.length && unplaced && unplaced.length === 0)
    return (
      <Alert color="red" role="alert" title="Not saved">
        The pack would not be valid with these values. The problems are marked beside their fields.
      </Alert>
    );
  return <ErrorAlert error={error instanceof AppError && unplaced?.length ? new AppError(error.code, error.message, { issues: unplaced }) : error} />;
}

/** The foot of every unit form: the version note, the save error and the two buttons. */
export function VersionFormFooter(props: {
  note: UseFormRegisterReturn;
  notePlaceholder: string;
  noteError?: string;
  saveError: unknown;
  unplaced: Issue[] | null;
  onCancel: () => void;
  saving: boolean;
  valid: boolean;
  submitLabel: string;
}) {
  return (
    <>
      <Textarea label="Note for this version" placeholder={props.notePlaceholder} {...props.note} error={props.noteError} autosize minRows={1} />
      <SaveError error={props.saveError} unplaced={props.unplaced} />
      <ModalFooter onCancel={props.onCancel} submitLabel={props.submitLabel} loading={props.saving} disabled={!props.valid} />
    </>
  );
}

import { Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { noteField, VersionFormFooter } from './unit-form';
import { useSaveVersion, type VersionEditProps } from './useSaveVersion';
import { CheckboxField, MultiSelectField, NumberField, SelectField } from '../../components/form-fields';

/** One editable field of a pack entity. Numbers are whole; 'optional-number' may be left empty. */
export type EditField =
  | { name: string; label: string; kind: 'number' | 'optional-number'; min: number; max: number; value: number | undefined; description?: string }
  | { name: string; label: string; kind: 'text' | 'long-text'; max: number; value: string; required?: boolean; description?: string }
  | { name: string; label: string; kind: 'boolean'; value: boolean; description?: string }
  | { name: string; label: string; kind: 'select'; value: string; options: { value: string; label: string }[]; description?: string }
  | { name: string; label: string; kind: 'multiselect'; value: string[]; options: { value: string; label: string }[]; description?: string };

export type EditValues = Record<string, number | string | boolean | string[] | undefined>;

function fieldSchema(f: EditField): z.ZodType {
  switch (f.kind) {
    case 'number':
      return z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(f.min, `At least ${f.min}.`).max(f.max, `At most ${f.max}.`);
    case 'optional-number':
      return z.number().int('Enter a whole number.').min(f.min, `At least ${f.min}.`).max(f.max, `At most ${f.max}.`).optional();
    case 'text':
    case 'long-text': {
      const s = z.string().trim().max(f.max, `At most ${f.max} characters.`);
      return f.required ? s.min(1, 'This cannot be empty.') : s;
    }
    case 'boolean':
      return z.boolean();
    case 'select': {
      const allowed = new Set(f.options.map((o) => o.value));
      return z.string().refine((v) => allowed.has(v), 'Choose one of the listed entries.');
    }
    case 'multiselect': {
      const allowed = new Set(f.options.map((o) => o.value));
      return z.array(z.string().refine((v) => allowed.has(v), 'Choose from the listed entries.')).min(1, 'Choose at least one.');
    }
  }
}

/**
 * A small form that changes some fields of one pack entity and saves the
 * result as a NEW pack version. Validation runs as the organiser types; the
 * backend checks the whole pack again (references included) before storing.
 */
export function PackEditModal({
  title,
  intro,
  fields,
  columns = 2,
  apply,
  defaultNote,
  submitLabel = 'Save as new version',
  ...props
}: VersionEditProps & {
  title: string;
  intro?: string;
  fields: EditField[];
  columns?: number;
  /** The save button's words (default "Save as new version"). */
  submitLabel?: string;
  /** Writes the form's values into a draft copy of the pack. */
  apply: (draft: RulesetPack, values: EditValues, confirmed: boolean) => void;
  defaultNote: string;
}) {
  const schema = useMemo(
    () => z.object({ values: z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]))), confirmed: z.boolean(), note: noteField }),
    [fields],
  );
  type FormValues = { values: EditValues; confirmed: boolean; note: string };
  const { control, register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(schema as z.ZodType<FormValues, FormValues>),
    mode: 'onChange',
    defaultValues: { values: Object.fromEntries(fields.map((f) => [f.name, f.value])), confirmed: false, note: '' },
  });
  const save = useSaveVersion(props);
  const errors = (formState.errors.values ?? {}) as Record<string, { message?: string } | undefined>;

  // what every input of an entity field shows, and where its value lives in the form
  const labels = (f: EditField) => ({ label: f.label, description: f.description, error: errors[f.name]?.message });
  const bound = (f: EditField) => ({ ...labels(f), control, name: `values.${f.name}` as const });

  const onSubmit = handleSubmit((v) => save.saveVersion((draft) => apply(draft, v.values, v.confirmed), v.note || defaultNote));

  return (
    <Modal opened onClose={props.onClose} title={title} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {intro ?? 'Saving makes a new version of the pack. The version you started from, and every campaign pinned to it, keep their numbers.'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: columns }}>
            {fields.map(
              (f) =>
                (f.kind === 'number' || f.kind === 'optional-number') && <NumberField key={f.name} {...bound(f)} optional={f.kind === 'optional-number'} />,
            )}
          </SimpleGrid>
          {fields.map((f) => {
            if (f.kind === 'text') return <TextInput key={f.name} {...labels(f)} {...register(`values.${f.name}`)} />;
            if (f.kind === 'long-text') return <Textarea key={f.name} {...labels(f)} autosize minRows={2} {...register(`values.${f.name}`)} />;
            if (f.kind === 'select') return <SelectField key={f.name} {...bound(f)} data={f.options} searchable />;
            if (f.kind === 'multiselect') return <MultiSelectField key={f.name} {...bound(f)} data={f.options} />;
            if (f.kind === 'boolean') return <CheckboxField key={f.name} {...bound(f)} />;
            return null;
          })}
          <CheckboxField control={control} name="confirmed" label="These are the designer’s published numbers (clear their provisional mark)" />
          <VersionFormFooter
            note={register('note')}
            notePlaceholder="e.g. Club prices after the October playtest"
            noteError={formState.errors.note?.message}
            saveError={save.error}
            unplaced={null}
            onCancel={props.onClose}
            saving={save.isPending}
            valid={formState.isValid}
            submitLabel={submitLabel}
          />
        </Stack>
      </form>
    </Modal>
  );
}

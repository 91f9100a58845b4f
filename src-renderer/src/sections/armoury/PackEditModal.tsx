import { Button, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { useApiMutation } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { draftOf } from './edit-pack';

/** One editable field of a pack entity. Numbers are whole; 'optional-number' may be left empty. */
export type EditField =
  | { name: string; label: string; kind: 'number' | 'optional-number'; min: number; max: number; value: number | undefined; description?: string }
  | { name: string; label: string; kind: 'text' | 'long-text'; max: number; value: string; required?: boolean; description?: string }
  | { name: string; label: string; kind: 'boolean'; value: boolean; description?: string }
  | { name: string; label: string; kind: 'select'; value: string; options: { value: string; label: string }[]; description?: string };

export type EditValues = Record<string, number | string | boolean | undefined>;

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
  pack,
  baseVersionId,
  apply,
  defaultNote,
  onClose,
  onSaved,
}: {
  title: string;
  intro?: string;
  fields: EditField[];
  columns?: number;
  pack: RulesetPack;
  baseVersionId: number;
  /** Writes the form's values into a draft copy of the pack. */
  apply: (draft: RulesetPack, values: EditValues, confirmed: boolean) => void;
  defaultNote: string;
  onClose: () => void;
  onSaved: (versionId: number) => void;
}) {
  const schema = useMemo(
    () =>
      z.object({
        values: z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]))),
        confirmed: z.boolean(),
        note: z.string().trim().max(500, 'Keep the note under 500 characters.'),
      }),
    [fields],
  );
  type FormValues = { values: EditValues; confirmed: boolean; note: string };
  const { control, register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(schema as z.ZodType<FormValues, FormValues>),
    mode: 'onChange',
    defaultValues: { values: Object.fromEntries(fields.map((f) => [f.name, f.value])), confirmed: false, note: '' },
  });
  const save = useApiMutation('rulesets.createVersion');
  const errors = (formState.errors.values ?? {}) as Record<string, { message?: string } | undefined>;

  const onSubmit = handleSubmit(async (v) => {
    const draft = draftOf(pack);
    apply(draft, v.values, v.confirmed);
    const note = v.note || defaultNote;
    const created = await save.mutateAsync({ baseVersionId, pack: draft, note });
    notifications.show({ color: 'teal', title: 'New pack version saved', message: `${created.name} v${created.version}: ${note}` });
    onSaved(created.id);
  });

  const numberField = (f: Extract<EditField, { kind: 'number' | 'optional-number' }>) => (
    <Controller
      key={f.name}
      control={control}
      name={`values.${f.name}`}
      render={({ field }) => (
        <NumberInput
          label={f.label}
          description={f.description}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(n) => field.onChange(typeof n === 'number' ? n : f.kind === 'optional-number' ? undefined : NaN)}
          onBlur={field.onBlur}
          error={errors[f.name]?.message}
          allowDecimal={false}
        />
      )}
    />
  );

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {intro ?? 'Saving makes a new version of the pack. The version you started from, and every campaign pinned to it, keep their numbers.'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: columns }}>
            {fields
              .filter((f) => f.kind === 'number' || f.kind === 'optional-number')
              .map((f) => numberField(f as Extract<EditField, { kind: 'number' | 'optional-number' }>))}
          </SimpleGrid>
          {fields.map((f) => {
            if (f.kind === 'text')
              return <TextInput key={f.name} label={f.label} description={f.description} {...register(`values.${f.name}`)} error={errors[f.name]?.message} />;
            if (f.kind === 'long-text')
              return (
                <Textarea
                  key={f.name}
                  label={f.label}
                  description={f.description}
                  autosize
                  minRows={2}
                  {...register(`values.${f.name}`)}
                  error={errors[f.name]?.message}
                />
              );
            if (f.kind === 'select')
              return (
                <Controller
                  key={f.name}
                  control={control}
                  name={`values.${f.name}`}
                  render={({ field }) => (
                    <Select
                      label={f.label}
                      description={f.description}
                      data={f.options}
                      value={typeof field.value === 'string' ? field.value : null}
                      onChange={(v) => field.onChange(v ?? '')}
                      onBlur={field.onBlur}
                      error={errors[f.name]?.message}
                      allowDeselect={false}
                      searchable
                    />
                  )}
                />
              );
            if (f.kind === 'boolean')
              return (
                <Controller
                  key={f.name}
                  control={control}
                  name={`values.${f.name}`}
                  render={({ field }) => (
                    <Checkbox
                      label={f.label}
                      description={f.description}
                      checked={field.value === true}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
              );
            return null;
          })}
          <Controller
            control={control}
            name="confirmed"
            render={({ field }) => (
              <Checkbox
                label="These are the designer’s published numbers (clear their provisional mark)"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <Textarea
            label="Note for this version"
            placeholder="e.g. Club prices after the October playtest"
            {...register('note')}
            error={formState.errors.note?.message}
            autosize
            minRows={1}
          />
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

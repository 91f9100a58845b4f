import { Checkbox, MultiSelect, NumberInput, Select, type CheckboxProps, type MultiSelectProps, type NumberInputProps, type SelectProps } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** Mantine inputs bound to a react-hook-form field by `useController`: the form holds the typed value, the input only shows it. */

/** Where an input's value lives: the form's `control` and the field's `name`. */
export type Bound<T extends FieldValues> = { control: Control<T>; name: Path<T> };

/**
 * A number input. An emptied box becomes NaN, so the schema names what is
 * missing, or undefined when the number is `optional`. Whole numbers unless `allowDecimal`.
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  optional = false,
  allowDecimal = false,
  ...input
}: Bound<T> & { optional?: boolean } & Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'name'>) {
  const { field } = useController({ control, name });
  const empty = optional ? undefined : NaN;
  return (
    <NumberInput
      {...input}
      allowDecimal={allowDecimal}
      value={typeof field.value === 'number' ? field.value : ''}
      onChange={(n) => field.onChange(typeof n === 'number' ? n : empty)}
      onBlur={field.onBlur}
    />
  );
}

/** A select over a text field; nothing chosen is '', so the schema names what is missing. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  ...select
}: Bound<T> & Omit<SelectProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'allowDeselect'>) {
  const { field } = useController({ control, name });
  const chosen = typeof field.value === 'string' && field.value !== '' ? field.value : null;
  return <Select {...select} value={chosen} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} allowDeselect={false} />;
}

/** A checkbox over a boolean field. */
export function CheckboxField<T extends FieldValues>({ control, name, ...checkbox }: Bound<T> & Omit<CheckboxProps, 'checked' | 'onChange' | 'name'>) {
  const { field } = useController({ control, name });
  return <Checkbox {...checkbox} checked={field.value === true} onChange={(e) => field.onChange(e.currentTarget.checked)} />;
}

/** A multi-select over a list-of-text field. */
export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  ...select
}: Bound<T> & Omit<MultiSelectProps, 'value' | 'onChange' | 'onBlur' | 'name'>) {
  const { field } = useController({ control, name });
  return <MultiSelect {...select} value={Array.isArray(field.value) ? (field.value as string[]) : []} onChange={field.onChange} onBlur={field.onBlur} />;
}

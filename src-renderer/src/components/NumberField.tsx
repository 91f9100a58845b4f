import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A number input bound to a react-hook-form field. An emptied box becomes
 * NaN, so the schema names what is missing, or undefined when the number is
 * `optional`. Whole numbers unless `allowDecimal`.
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  optional = false,
  allowDecimal = false,
  ...input
}: { control: Control<T>; name: Path<T>; optional?: boolean } & Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          {...input}
          allowDecimal={allowDecimal}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(n) => field.onChange(typeof n === 'number' ? n : optional ? undefined : NaN)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

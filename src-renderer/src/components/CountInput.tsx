import { NumberInput, type NumberInputProps } from '@mantine/core';

/** How many of something, 0 or more: an emptied or stray entry counts as 0, so the caller always holds a whole number. */
export function CountInput({
  value,
  onChange,
  ...input
}: { value: number; onChange: (count: number) => void } & Omit<NumberInputProps, 'value' | 'onChange' | 'min' | 'allowDecimal' | 'allowNegative'>) {
  return (
    <NumberInput
      {...input}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' && v >= 0 ? Math.floor(v) : 0)}
    />
  );
}

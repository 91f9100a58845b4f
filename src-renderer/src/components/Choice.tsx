import { SegmentedControl, Select, Text, type SegmentedControlProps, type SelectProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type ChoiceProps<T extends string> = {
  /** What is chosen; read to screen readers, and shown above the control with `showLabel`. */
  label: string;
  showLabel?: boolean;
  value: T;
  onChange: (value: T) => void;
  /** value → label, in the order shown. */
  options: Record<T, ReactNode>;
} & Omit<SegmentedControlProps, 'data' | 'value' | 'onChange' | 'aria-label' | 'aria-labelledby'>;

/** A choice among a few values, shown side by side: the value is typed, so no caller casts the control's string. */
export function Choice<T extends string>({ label, showLabel, value, onChange, options, ...rest }: ChoiceProps<T>) {
  const id = useId();
  const control = (
    <SegmentedControl
      {...rest}
      aria-label={showLabel ? undefined : label}
      aria-labelledby={showLabel ? id : undefined}
      value={value}
      onChange={(v) => onChange(v as T)}
      data={(Object.entries(options) as [T, ReactNode][]).map(([v, l]) => ({ value: v, label: l }))}
    />
  );
  if (!showLabel) return control;
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      {control}
    </div>
  );
}

/** The same typed choice as a drop-down, for more options than fit side by side; one is always chosen. */
export function ChoiceSelect<T extends string>({
  value,
  onChange,
  options,
  ...rest
}: { value: T; onChange: (value: T) => void; options: Record<T, string> } & Omit<SelectProps, 'data' | 'value' | 'onChange' | 'allowDeselect'>) {
  return (
    <Select
      {...rest}
      data={(Object.entries(options) as [T, string][]).map(([v, l]) => ({ value: v, label: l }))}
      value={value}
      onChange={(v) => v !== null && onChange(v as T)}
      allowDeselect={false}
    />
  );
}

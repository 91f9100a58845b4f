import { SegmentedControl, Text, type SegmentedControlProps } from '@mantine/core';
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

import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ACTION_COLOR } from './labels';

/** The large button that moves the battle on (records a form, ends a setup step), in the one colour the table learns to look for. */
export function ActionButton({ onClick, children, ...rest }: Omit<ButtonProps, 'color'> & { onClick: () => void; children: ReactNode }) {
  return (
    <Button color={ACTION_COLOR} size="lg" onClick={onClick} {...rest}>
      {children}
    </Button>
  );
}

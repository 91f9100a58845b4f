import { UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { counted } from '../../../src-shared/naming';

/**
 * A figure that opens the battles behind it (the Reports screen, the designer's desk): the figure itself is the
 * button, named for what it opens; with no battle behind it, just the figure.
 */
export function TraceButton({ count, label, onOpen, children }: { count: number; label: string; onOpen: () => void; children: ReactNode }) {
  if (count === 0) return <>{children}</>;
  return (
    <UnstyledButton onClick={onOpen} aria-label={`${label}: show the ${counted(count, 'battle')}`} style={{ textDecoration: 'underline dotted' }}>
      {children}
    </UnstyledButton>
  );
}

import { Badge, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

const PROVISIONAL_TIP = 'provisional: not from the designer’s documents';

/** The mark every provisional value carries, on screen as on paper. */
export function ProvisionalMark({ what, compact }: { what?: string; compact?: boolean }) {
  return (
    <Tooltip label={PROVISIONAL_TIP} withArrow openDelay={150}>
      <Badge
        size="xs"
        variant="light"
        // dark text on pale yellow: readable (WCAG AA) at badge size, still unmistakably a warning colour
        bg="yellow.1"
        c="#5c3d00"
        circle={compact}
        // the full marks can be reached by keyboard to read the tooltip; the compact ones in stat tables would add a tab stop per number
        tabIndex={compact ? undefined : 0}
        role={compact ? 'img' : undefined}
        aria-label={`${what ? `${what}: ` : ''}${PROVISIONAL_TIP}`}
        data-provisional
        style={{ cursor: 'help', textTransform: 'none', flexShrink: 0, overflow: 'visible' }}
      >
        {compact ? 'p' : 'prov.'}
      </Badge>
    </Tooltip>
  );
}

/** A value followed by the provisional mark when `provisional` is set. */
export function Val({ children, provisional, what, compact }: { children: ReactNode; provisional?: boolean; what?: string; compact?: boolean }) {
  if (!provisional) return <>{children}</>;
  return (
    <Group gap={4} wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
      <span>{children}</span>
      <ProvisionalMark what={what} compact={compact} />
    </Group>
  );
}

/** "3+" for a D6 target; 7 means only a natural 6. */
export const plus = (n: number) => (n >= 7 ? '6 only' : `${n}+`);
export const inch = (n: number | undefined) => (n === undefined ? '—' : `${n}″`);

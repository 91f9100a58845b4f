import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One headline figure in a card: its label above, the figure below (the Reports screen and the designer's desk). */
export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" component="div">
        {children}
      </Text>
    </Card>
  );
}

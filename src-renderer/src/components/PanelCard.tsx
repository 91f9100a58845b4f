import { Card, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One of Play Mode's bordered panels: a landmark section named for screen
 * readers by `label`, with its visible heading (level 2 unless the panel sits
 * under another panel's heading).
 */
export function PanelCard({ label, title, order = 2, children }: { label: string; title: ReactNode; order?: TitleOrder; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={label}>
      <Title order={order} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { HelpTopic } from '../sections/help/help-topics';
import { HelpButton } from './HelpButton';

/** A screen's title, what it is for, its actions and, where a guide explains it, its Help button (`help`). */
export function PageHeader({ title, description, actions, help }: { title: string; description?: ReactNode; actions?: ReactNode; help?: HelpTopic }) {
  return (
    // the title and its description take the room the actions leave; when less than about 22rem would be left, the
    // actions go under them in one row, rather than squeezing into a column beside them
    <Group justify="space-between" align="flex-start" mb="lg" gap="md">
      <Stack gap={4} style={{ flex: '1 1 22rem', minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {(actions || help) && (
        <Group gap="xs" style={{ flex: '0 1 auto' }}>
          {actions}
          {help && <HelpButton topic={help} />}
        </Group>
      )}
    </Group>
  );
}

import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
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
      {actions && (
        <Group gap="xs" style={{ flex: '0 1 auto' }}>
          {actions}
        </Group>
      )}
    </Group>
  );
}

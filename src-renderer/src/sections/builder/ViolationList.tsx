import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RosterViolation } from '../../../../src-shared/roster/validate';

/** Violations beside what they concern: each says what to change and which rule asks for it. */
export function ViolationList({ violations, label }: { violations: RosterViolation[]; label: string }) {
  if (violations.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title={label} role="alert" p="xs">
      <List size="sm" spacing={2}>
        {violations.map((v, i) => (
          <List.Item key={`${v.code}-${i}`} data-code={v.code}>
            <Text span size="sm">
              {v.message}
            </Text>{' '}
            <Text span size="xs" c="dimmed">
              ({v.rule})
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

import { Button, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The foot of a form in a modal: Cancel, then the submit button, at the right. */
export function ModalFooter({
  onCancel,
  submitLabel,
  loading,
  disabled,
  ...group
}: { onCancel: () => void; submitLabel: ReactNode; loading?: boolean; disabled?: boolean } & Omit<GroupProps, 'justify' | 'children'>) {
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}

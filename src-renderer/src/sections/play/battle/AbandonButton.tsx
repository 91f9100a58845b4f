import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useApiMutation } from '../../../api/hooks';

/** Abandoning grants nothing and keeps the record as abandoned; it always asks first. */
export function AbandonButton({ battleId }: { battleId: string }) {
  const [open, setOpen] = useState(false);
  const abandon = useApiMutation('battles.abandon');
  return (
    <>
      <Button variant="outline" color="red" onClick={() => setOpen(true)}>
        Abandon this battle…
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Abandon the battle?">
        <Text mb="md">Nobody gains anything from an abandoned battle. Its record is kept, marked abandoned, and can no longer be changed.</Text>
        <ErrorAlert error={abandon.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            Keep playing
          </Button>
          <Button color="red" loading={abandon.isPending} onClick={() => abandon.mutate({ battleId, confirm: true }, { onSuccess: () => setOpen(false) })}>
            Abandon
          </Button>
        </Group>
      </Modal>
    </>
  );
}

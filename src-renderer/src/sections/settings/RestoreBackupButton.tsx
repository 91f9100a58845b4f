import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { BackupInfo } from '../../../../src-shared/contract/system.contract';
import type { AppError } from '../../../../src-shared/errors';
import { api } from '../../api/transport';
import { ErrorAlert } from '../../components/ErrorAlert';

/** The file name of a backup, which is all the backend accepts (never a path). */
function backupFileName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/**
 * Going back to a backup replaces everything recorded since, so it asks
 * first and says what happens to the current ledger (it is kept as a backup).
 */
export function RestoreBackupButton({ backup, onRestored }: { backup: BackupInfo; onRestored?: () => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const taken = new Date(backup.createdAt).toLocaleString();
  const restore = useMutation<{ restored: string; previousBackup: string | null }, AppError, void>({
    mutationFn: () => api.call('backups.restore', { file: backupFileName(backup.file) }),
    onSuccess: async (r) => {
      close();
      onRestored?.();
      notifications.show({
        color: 'green',
        title: 'Backup restored',
        message: `The ledger is back to ${taken}.${r.previousBackup ? ` What was there before is kept as the backup ${r.previousBackup}.` : ''}`,
      });
    },
  });
  return (
    <>
      <Button size="xs" variant="light" onClick={open} aria-label={`Restore the backup taken ${taken}`}>
        Restore…
      </Button>
      <Modal opened={opened} onClose={close} title="Go back to this backup?" centered>
        <Stack>
          <Text size="sm">
            The ledger will be replaced by the backup taken <b>{taken}</b>. Anything recorded after that moment leaves the ledger.
          </Text>
          <Text size="sm" c="dimmed">
            Nothing is lost for good: the current ledger is first saved as a new backup, so you can come back to it from this list.
          </Text>
          <ErrorAlert error={restore.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={restore.isPending}>
              Cancel
            </Button>
            <Button color="orange" onClick={() => restore.mutate()} loading={restore.isPending}>
              Restore this backup
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

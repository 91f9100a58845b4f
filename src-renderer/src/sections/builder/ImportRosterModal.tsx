import { Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { fieldError } from './fieldError';

/** Import a roster file for one of this club's players. A file with any problem changes nothing; every problem is listed. */
export function ImportRosterModal({ opened, onClose, onImported }: { opened: boolean; onClose: () => void; onImported: (id: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [playerId, setPlayerId] = useState<string | null>(null);
  const players = useApiQuery('players.list', {}, { enabled: opened });
  const imp = useApiMutation('rosters.import', { invalidates: ['rosters.list'] });
  useEffect(() => {
    if (opened) {
      setFile(null);
      imp.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title="Import a roster file" size="lg">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!file || !playerId) return;
          const made = await imp.mutateAsync({ text: await file.text(), playerId, campaignId: null });
          onClose();
          onImported(made.roster.id);
        }}
      >
        <Stack>
          <Text size="sm" c="gray.7">
            A roster exported from this app (here or at another club). It is imported as a standalone roster for the player you choose.
          </Text>
          <FileInput label="Roster file" placeholder="Choose a .json file" accept="application/json,.json" value={file} onChange={setFile} required clearable />
          <Select
            label="For player"
            data={(players.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={playerId}
            onChange={setPlayerId}
            searchable
            required
            error={fieldError(imp.error, 'playerId')}
          />
          <ErrorAlert error={imp.error} title={imp.error ? 'The file was not imported' : undefined} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={imp.isPending} disabled={!file || !playerId}>
              Import
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, Card, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { RestoreBackupButton } from './RestoreBackupButton';
import { LeagueDatabaseCard } from './LeagueDatabaseCard';
import type { Settings } from '../../../../src-shared/settings';
import { TableHead } from '../../components/TableHead';
import { Choice } from '../../components/Choice';

export function SettingsPage() {
  const settings = useApiQuery('settings.get', {});
  const info = useApiQuery('system.info', {});
  const backups = useApiQuery('backups.list', {});
  // a quick second change never lands before the first (the last choice is the one kept)
  const update = useApiMutation('settings.update', { inOrder: 'settings.update' });
  const backup = useApiMutation('backups.create');
  const [draft, setDraft] = useState<Settings | null>(null);

  useEffect(() => {
    if (settings.data && !draft) setDraft(settings.data);
  }, [settings.data, draft]);

  const save = (patch: Partial<Settings>) => {
    if (!draft) return;
    setDraft({ ...draft, ...patch });
    update.mutate(patch);
  };

  return (
    <Stack>
      <PageHeader title="Settings" description="Club details, printing and where your data lives." />
      <ErrorAlert error={settings.error ?? update.error} />
      {/* said here, on the page it concerns: a toast would follow the organiser into other sections */}
      {update.isSuccess && (
        <Text size="sm" c="teal.9" role="status">
          Settings saved
        </Text>
      )}
      {draft && (
        <Card withBorder>
          <Stack>
            <TextInput
              label="Club name"
              description="Printed as the author of every PDF."
              value={draft.clubName}
              maxLength={80}
              onChange={(e) => setDraft({ ...draft, clubName: e.currentTarget.value })}
              onBlur={() => save({ clubName: draft.clubName })}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Paper size
              </Text>
              <Choice label="Paper size" value={draft.paperSize} onChange={(v) => save({ paperSize: v })} options={{ A4: 'A4', LETTER: 'US Letter' }} />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Theme
              </Text>
              <Choice
                label="Theme"
                value={draft.theme}
                onChange={(v) => save({ theme: v })}
                options={{ auto: 'Follow system', light: 'Light', dark: 'Dark' }}
              />
            </Stack>
            <NumberInput
              label="Automatic backups to keep"
              min={1}
              max={100}
              value={draft.backupKeep}
              onChange={(v) => typeof v === 'number' && setDraft({ ...draft, backupKeep: v })}
              onBlur={() => save({ backupKeep: draft.backupKeep })}
              w={240}
            />
          </Stack>
        </Card>
      )}
      <LeagueDatabaseCard active={info.data?.ledger === 'league' ? info.data.databaseFile : null} />
      <Card withBorder>
        <Stack>
          <Text fw={600}>Data folder</Text>
          <Text size="sm" ff="monospace" data-testid="data-dir">
            {info.data?.dataDir ?? '…'}
          </Text>
          <Text size="sm" c="dimmed">
            The ledger is one SQLite file in this folder. The app also backs it up by itself each time it starts and once a day, keeping the number of automatic
            backups set above; backups you take yourself are never removed. Start the app with <code>--data-dir FOLDER</code> (or set AOA_DATA_DIR) to use
            another.
          </Text>
          <Group>
            <Button onClick={() => backup.mutate({})} loading={backup.isPending}>
              Back up now
            </Button>
          </Group>
          <ErrorAlert error={backup.error} />
          <Table striped aria-label="Backups">
            <TableHead columns={['Taken', 'Why', 'Size', { label: 'Actions', hidden: true }]} />
            <Table.Tbody>
              {(backups.data ?? []).map((b) => (
                <Table.Tr key={b.file}>
                  <Table.Td>{new Date(b.createdAt).toLocaleString()}</Table.Td>
                  <Table.Td>{b.reason}</Table.Td>
                  <Table.Td>{Math.ceil(b.bytes / 1024)} KB</Table.Td>
                  <Table.Td>
                    <RestoreBackupButton backup={b} onRestored={() => setDraft(null)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
    </Stack>
  );
}

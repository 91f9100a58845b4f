import { Button, Card, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { RestoreBackupButton } from './RestoreBackupButton';
import { LeagueDatabaseCard } from './LeagueDatabaseCard';
import type { Settings, SettingsPatch } from '../../../../src-shared/settings';
import { TableHead } from '../../components/TableHead';
import { Choice } from '../../components/Choice';

/** How long typing in the club's name may pause before what was typed is saved. */
const TYPING_PAUSE_MS = 800;

export function SettingsPage() {
  const settings = useApiQuery('settings.get', {});
  const info = useApiQuery('system.info', {});
  const backups = useApiQuery('backups.list', {});
  // a quick second change never lands before the first (the last choice is the one kept)
  const update = useApiMutation('settings.update', { inOrder: 'settings.update' });
  const backup = useApiMutation('backups.create');
  // what has been typed or chosen and not yet answered, shown over the saved settings; the rest is always the saved value
  const [edits, setEdits] = useState<SettingsPatch>({});
  const shown: Settings | undefined = settings.data && { ...settings.data, ...edits };

  const edit = (patch: SettingsPatch) => setEdits((e) => ({ ...e, ...patch }));
  const save = (patch: SettingsPatch) => {
    edit(patch);
    // every change, not only the last, lets go of its own edit once answered: by then settings.get holds the saved value
    // (the client refreshes the reads a write touched before the write resolves), trimmed or refused as it may be
    void update
      .mutateAsync(patch)
      .catch(() => undefined)
      .finally(() => setEdits((e) => withoutSent(e, patch)));
  };

  const typed = edits.clubName;
  useEffect(() => {
    if (typed === undefined) return;
    const t = setTimeout(() => save({ clubName: typed }), TYPING_PAUSE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved once per pause in typing, not per render of `save`
  }, [typed]);

  return (
    <Stack>
      <PageHeader title="Settings" description="Club details, printing and where your data lives." help={{ guide: 'backups' }} />
      <ErrorAlert error={settings.error ?? update.error} />
      {/* said here, on the page it concerns: a toast would follow the organiser into other sections */}
      {update.isSuccess && (
        <Text size="sm" c="teal.9" role="status">
          Settings saved
        </Text>
      )}
      {shown && (
        <Card withBorder>
          <Stack>
            <TextInput
              label="Club name"
              description="Printed at the foot of every PDF page and as its author."
              value={shown.clubName}
              maxLength={80}
              onChange={(e) => edit({ clubName: e.currentTarget.value })}
              // saved when left, on Enter, and after a pause in typing: a reload never brings back the old name unseen
              onBlur={() => save({ clubName: shown.clubName })}
              onKeyDown={(e) => e.key === 'Enter' && save({ clubName: shown.clubName })}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Paper size
              </Text>
              <Choice label="Paper size" value={shown.paperSize} onChange={(v) => save({ paperSize: v })} options={{ A4: 'A4', LETTER: 'US Letter' }} />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Theme
              </Text>
              <Choice
                label="Theme"
                value={shown.theme}
                onChange={(v) => save({ theme: v })}
                options={{ auto: 'Follow system', light: 'Light', dark: 'Dark' }}
              />
            </Stack>
            <NumberInput
              label="Automatic backups to keep"
              min={1}
              max={100}
              value={shown.backupKeep}
              onChange={(v) => typeof v === 'number' && edit({ backupKeep: v })}
              onBlur={() => save({ backupKeep: shown.backupKeep })}
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
                    <RestoreBackupButton backup={b} onRestored={() => setEdits({})} />
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

/** The edits left once a change has been answered: those made since, with another value, stay. */
function withoutSent(edits: SettingsPatch, sent: SettingsPatch): SettingsPatch {
  return Object.fromEntries(Object.entries(edits).filter(([k, v]) => sent[k as keyof SettingsPatch] !== v));
}

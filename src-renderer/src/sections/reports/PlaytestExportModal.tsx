import { Alert, Button, Checkbox, Code, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { counted } from '../../../../src-shared/naming';
import type { ReportFilter } from '../../../../src-shared/reports/battle';
import { useApiMutation } from '../../api/hooks';
import { api, saveFile } from '../../api/transport';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { Name } from '../../components/Name';

/**
 * Sending playtest results (issue 36): the club's playtest bundle of the
 * battles the report's selection covers, previewed before it is saved. The
 * organiser sees exactly what leaves the club (counts, one record as it will be
 * written, names in or not, the club named or anonymous) and chooses the two
 * things that change it; nothing is written to disk unasked.
 */
export function PlaytestExportModal({ opened, onClose, filter }: { opened: boolean; onClose: () => void; filter: ReportFilter }) {
  const [includeNames, setIncludeNames] = useState(false);
  const [clubName, setClubName] = useState('');
  const [gzip, setGzip] = useState(false);
  const [debouncedName] = useDebouncedValue(clubName.trim(), 300);
  const preview = useApiMutation('playtest.exportPreview');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const input = { filter, includeNames, gzip, ...(debouncedName ? { clubName: debouncedName } : {}) };

  useEffect(() => {
    if (!opened) return;
    setSaved(null);
    setSaveError(null);
    preview.mutate(input);
    // the preview is asked again whenever what would be written changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, includeNames, debouncedName, JSON.stringify(filter)]);

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    setSaved(null);
    try {
      const file = await api.call('playtest.export', input);
      if (await saveFile(file.fileName, file.base64, gzip ? 'application/gzip' : 'application/json')) setSaved(file.fileName);
    } catch (e) {
      setSaveError(e);
    } finally {
      setSaving(false);
    }
  };

  const p = preview.data;
  const stale = clubName.trim() !== debouncedName;
  return (
    <Modal opened={opened} onClose={onClose} title="Send playtest results" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm" c="dimmed">
          A playtest bundle for the game&apos;s designer: the finished battles this report&apos;s selection covers, in one file to send. Players are pseudonyms
          unless you include their names.
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Club name"
            description="Optional: leave empty to send anonymously"
            value={clubName}
            onChange={(e) => setClubName(e.currentTarget.value)}
            maxLength={120}
            w={280}
          />
          <Checkbox label="Include player names" checked={includeNames} onChange={(e) => setIncludeNames(e.currentTarget.checked)} />
          <Checkbox label="Compress (gzip)" checked={gzip} onChange={(e) => setGzip(e.currentTarget.checked)} />
        </Group>
        <ErrorAlert error={preview.error} title="The bundle cannot be previewed" />
        {preview.isPending && !p && <Loading label="Preparing the preview" />}
        {p && (
          <Alert color={p.records === 0 ? 'yellow' : 'blue'} title="What leaves the club" aria-busy={preview.isPending || stale}>
            <List size="sm" aria-label="What the bundle holds">
              <List.Item>
                {counted(p.records, 'battle')} and {counted(p.players, 'player')}
                {p.from && p.to && ` played from ${p.from.slice(0, 10)} to ${p.to.slice(0, 10)}`}
              </List.Item>
              <List.Item>{p.namesIncluded ? 'Player names are in the file.' : 'No player names: each player is a pseudonym.'}</List.Item>
              <List.Item>
                {p.club.name ? (
                  <>
                    The club is named: <Name>{p.club.name}</Name>.
                  </>
                ) : (
                  'The club is anonymous.'
                )}
              </List.Item>
            </List>
          </Alert>
        )}
        {p?.sample && (
          <Stack gap={4}>
            <Text size="sm" fw={600} id="bundle-sample">
              One battle exactly as it will be written
            </Text>
            {/* a region of its own, focusable, so the keyboard can scroll it */}
            <Code block role="region" aria-labelledby="bundle-sample" tabIndex={0} style={{ maxHeight: 240, overflow: 'auto' }}>
              {JSON.stringify(p.sample, null, 2)}
            </Code>
          </Stack>
        )}
        <ErrorAlert error={saveError} title="The bundle was not saved" />
        <Group justify="flex-end">
          {saved && (
            <Text size="sm" c="teal.9" role="status">
              Saved <Name>{saved}</Name>.
            </Text>
          )}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button leftSection={<IconDownload size={16} />} onClick={() => void save()} loading={saving} disabled={!p || p.records === 0 || stale}>
            Save bundle
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Box, Button, Checkbox, Code, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ChannelOutput } from '../../../../src-shared/contract';
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
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const preview = useApiMutation('playtest.exportPreview');
  const [shown, setShown] = useState<ChannelOutput<'playtest.exportPreview'> | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const input = { filter, includeNames, gzip, excludedNoteIds: [...excluded], ...(debouncedName ? { clubName: debouncedName } : {}) };
  const toggle = (id: string, send: boolean) =>
    setExcluded((was) => {
      const next = new Set(was);
      if (send) next.delete(id);
      else next.add(id);
      return next;
    });

  useEffect(() => {
    if (!opened) return;
    setSaved(null);
    setSaveError(null);
    // the last preview stays on screen while the next is asked (a note's checkbox is not pulled from under the pointer)
    preview.mutate(input, { onSuccess: setShown });
    // the preview is asked again whenever what would be written changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, includeNames, debouncedName, excluded, JSON.stringify(filter)]);

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

  const p = preview.data ?? shown;
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
        {p && <NotesThatLeave notes={p.notes} excluded={excluded} onToggle={toggle} />}
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

type Note = ChannelOutput<'playtest.exportPreview'>['notes'][number];
type Marked = Note['rule'];

/** Text as it will leave, each span the scrubber put in place of a name marked (the name it replaced in its title). */
function MarkedText({ text, marks }: Marked) {
  const parts: ReactNode[] = [];
  let at = 0;
  marks.forEach((m, k) => {
    parts.push(text.slice(at, m.start));
    parts.push(
      <mark key={k} title={`In place of ${m.was}`} data-replaced="">
        {text.slice(m.start, m.end)}
      </mark>,
    );
    at = m.end;
  });
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * Every note that leaves with the bundle (issue 41): the players' dispute notes and the rules they found confusing, as
 * they will be written, with each name the scrubber replaced marked; the organiser can leave any of them out.
 */
function NotesThatLeave({ notes, excluded, onToggle }: { notes: Note[]; excluded: ReadonlySet<string>; onToggle: (id: string, send: boolean) => void }) {
  const replaced = notes.reduce((k, n) => k + n.rule.marks.length + (n.note?.marks.length ?? 0), 0);
  const leaving = notes.filter((n) => !excluded.has(n.id)).length;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="bundle-notes">
        Notes that leave with it
      </Text>
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No battle here has a note: no dispute, and no rule a player found confusing.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {leaving} of {counted(notes.length, 'note')} will be sent, exactly as shown; {counted(replaced, 'name')} replaced by a pseudonym (marked). Untick a
            note to leave it out.
          </Text>
          {/* a region of its own, focusable, so the keyboard can scroll it */}
          <Box role="region" aria-labelledby="bundle-notes" tabIndex={0} style={{ maxHeight: 260, overflow: 'auto' }}>
            <Stack gap={6} pr="sm">
              {notes.map((n) => (
                <Checkbox
                  key={n.id}
                  checked={!excluded.has(n.id)}
                  onChange={(e) => onToggle(n.id, e.currentTarget.checked)}
                  label={
                    <span data-note={n.id}>
                      <Text component="span" size="xs" c="dimmed">
                        {n.playedAt.slice(0, 10)} ·{' '}
                        {n.kind === 'dispute' ? `disputed${n.round ? ` in round ${n.round}` : ''}` : 'a rule a player found confusing'}:{' '}
                      </Text>
                      <b>
                        <MarkedText {...n.rule} />
                      </b>
                      {n.note?.text ? (
                        <>
                          {' — '}
                          <MarkedText {...n.note} />
                        </>
                      ) : null}
                    </span>
                  }
                />
              ))}
            </Stack>
          </Box>
        </>
      )}
    </Stack>
  );
}

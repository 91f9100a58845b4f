import { Alert, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { counted } from '../../../../src-shared/naming';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TableHead } from '../../components/TableHead';
import type { BatchJob } from './useBatchJob';

/** Above this many files, "save each in turn" would mean a save dialog per file: the one PDF serves better. */
const SAVE_ALL_LIMIT = 12;

type Status = NonNullable<BatchJob['status']>;

/** The job's progress in words, as a screen reader hears it. */
function progressWords(s: Status): string | null {
  if (s.state === 'running') return `Printing ${s.done} of ${s.total}${s.current ? `: ${s.current}` : ''}`;
  if (s.state === 'done') return `Done: ${counted(s.total, 'roster')} printed${s.files.length > 1 ? `, ${s.files.length} files` : ''}.`;
  if (s.state === 'cancelled') return 'Cancelled. No file was written.';
  if (s.state === 'failed') return 'The batch failed; no file was written.';
  return null;
}

/** A per-roster batch's files: saved each in turn (a few) and listed, each to open in the preview. */
function FileList({ job }: { job: BatchJob }) {
  const { files } = job;
  return (
    <>
      {files.length <= SAVE_ALL_LIMIT ? (
        <Group>
          <Button variant="light" onClick={job.saveAll} loading={job.saving === 'all'}>
            Save each in turn ({files.length})
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Save the sheets you need from the list; to print them all, start again with one PDF.
        </Text>
      )}
      <Table aria-label="Printed files" striped>
        <TableHead columns={['File', { label: 'Open', hidden: true }]} />
        <Table.Tbody>
          {files.map((name, i) => (
            <Table.Tr key={name}>
              <Table.Td>{name}</Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="default" onClick={() => job.setPreviewing({ index: i, name })} aria-label={`Open ${name}`}>
                  Open
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

/** The job's progress, then what it printed: the one PDF to open, or the list of files. */
export function BatchProgress({ job, status: s }: { job: BatchJob; status: Status }) {
  const { files } = job;
  return (
    <Stack gap={4}>
      <Progress value={s.total ? (s.done / s.total) * 100 : 100} aria-label="Batch progress" animated={job.running} />
      <Text size="sm" role="status" aria-live="polite">
        {progressWords(s)}
      </Text>
      {s.state === 'failed' && s.error && <Alert color="red">{s.error}</Alert>}
      {files.length === 1 && (
        <Group>
          <Button variant="light" onClick={() => job.setPreviewing({ name: files[0]! })}>
            Open the PDF
          </Button>
        </Group>
      )}
      {files.length > 1 && <FileList job={job} />}
      <ErrorAlert error={job.saveError} />
    </Stack>
  );
}

import { Button, Card, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { counted } from '../../../../src-shared/naming';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { bytesToBase64 } from '../../api/transport';
import { ErrorAlert } from '../../components/ErrorAlert';

const PHASES = { checking: 'Checking the files', writing: 'Storing the battles' } as const;

/**
 * Bundles in: any number of files sent by clubs, read here and sent as base64 to `desk.import`, which checks
 * every file before it writes any (the first problem refuses them all, naming the file). A large file is
 * checked and stored in a worker; `desk.importProgress` is asked every half second while it runs.
 */
export function DeskImportCard() {
  const [files, setFiles] = useState<File[]>([]);
  const [reading, setReading] = useState(false);
  const imp = useApiMutation('desk.import');
  const progress = useApiQuery('desk.importProgress', {}, { enabled: imp.isPending, refetchInterval: 500 });

  const submit = async () => {
    imp.reset();
    setReading(true);
    let read: { name: string; base64: string }[];
    try {
      read = await Promise.all(files.map(async (f) => ({ name: f.name, base64: bytesToBase64(new Uint8Array(await f.arrayBuffer())) })));
    } finally {
      setReading(false);
    }
    await imp.mutateAsync({ files: read }).catch(() => undefined);
  };

  const running = imp.isPending ? progress.data?.[0] : undefined;
  const r = imp.data;
  return (
    <Card withBorder component="section" aria-labelledby="desk-import">
      <Title order={2} size="h4" id="desk-import" mb="xs">
        Import bundles
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Group align="flex-end">
            <FileInput
              label="Bundle files"
              description="Files sent by clubs (.json or .json.gz); choose as many as you like"
              multiple
              accept=".json,.gz,application/json,application/gzip"
              value={files}
              onChange={(f) => {
                setFiles(f);
                imp.reset();
              }}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the chosen files' }}
              w={420}
            />
            <Button type="submit" leftSection={<IconFileImport size={16} />} disabled={files.length === 0} loading={reading || imp.isPending}>
              Import
            </Button>
          </Group>
          {running && (
            <Stack gap={4}>
              <Text size="sm">
                {PHASES[running.phase]}: {running.done} of {running.total}
              </Text>
              <Progress value={running.total ? (100 * running.done) / running.total : 0} aria-label={PHASES[running.phase]} />
            </Stack>
          )}
          <ErrorAlert error={imp.error} title="Nothing was imported" />
          {r && (
            <Text size="sm" role="status">
              Imported {counted(r.files, 'file')}: {counted(r.newBundles, 'new bundle')}, {counted(r.added, 'battle')} added, {r.replaced} replaced by a newer
              export, {r.duplicates} in more than one of these files (counted once), {r.alreadyHeld} already held.
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}

import { Alert, FileInput, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useApiMutation } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalFooter } from '../../components/ModalFooter';
import type { ImportPreview } from '../../../../src-shared/campaign/import-preview';

/**
 * Import a campaign file exported by this app, here or at another club. The
 * file is previewed as soon as it is chosen (`campaigns.importPreview`, which
 * writes nothing): the game data versions it adds, the campaigns and players it
 * creates, name clashes with this club's players and rows that differ from
 * what this ledger holds. Only then may the organiser confirm.
 */
export function ImportCampaignsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [json, setJson] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const previewing = useApiMutation('campaigns.importPreview');
  const imp = useApiMutation('campaigns.import');
  useEffect(() => {
    if (opened) {
      setFile(null);
      setJson(null);
      setPreview(null);
      previewing.reset();
      imp.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const choose = async (f: File | null) => {
    setFile(f);
    setPreview(null);
    setJson(null);
    imp.reset();
    if (!f) return;
    const text = await f.text();
    setJson(text);
    setPreview(await previewing.mutateAsync({ json: text }).catch(() => null));
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Import a campaign file" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!json || !preview?.importable) return;
          await imp.mutateAsync({ json });
          onClose();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            A file written by Export campaigns, here or at another club. What it would add is shown before anything is written.
          </Text>
          <FileInput
            label="Campaign file"
            placeholder="Choose a .json file"
            accept="application/json,.json"
            value={file}
            onChange={(f) => void choose(f)}
            required
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          />
          {preview && (
            <Alert
              color={preview.importable ? 'blue' : 'red'}
              title={preview.importable ? 'Importing this file will' : 'This file cannot be imported as it is'}
            >
              <List size="sm" aria-label="What the import would do">
                {preview.lines.map((line, i) => (
                  <List.Item key={i}>{line}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <ErrorAlert error={previewing.error ?? imp.error} title={previewing.error || imp.error ? 'The file was not imported' : undefined} />
          <ModalFooter onCancel={onClose} submitLabel="Import" loading={previewing.isPending || imp.isPending} disabled={!preview?.importable} />
        </Stack>
      </form>
    </Modal>
  );
}

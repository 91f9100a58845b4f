import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AppError } from '../../../../src-shared/errors';
import { api, base64ToBytes, saveFile } from '../../api/transport';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Choice } from '../../components/Choice';

/**
 * Army sheet preview: the PDF in a frame, then a save dialog (Electron) or a
 * download (browser). An invalid roster can only be printed as a marked draft.
 */
export function PrintPreviewModal({ rosterId, valid, opened, onClose }: { rosterId: string; valid: boolean; opened: boolean; onClose: () => void }) {
  const [paper, setPaper] = useState<'A4' | 'LETTER'>('A4');
  const [pdf, setPdf] = useState<{ fileName: string; base64: string; url: string; pages: number } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!opened) return;
    let url: string | null = null;
    let cancelled = false;
    setPdf(null);
    setError(null);
    setSaved(false);
    api
      .call('print.rosterPdf', { id: rosterId, draft: !valid, paperSize: paper })
      .then((out) => {
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([base64ToBytes(out.base64) as BlobPart], { type: 'application/pdf' }));
        setPdf({ ...out, url });
      })
      .catch((e: AppError) => !cancelled && setError(e));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [opened, rosterId, valid, paper]);

  return (
    <Modal opened={opened} onClose={onClose} title="Army sheet" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {!valid && (
          <Alert color="yellow" title="Draft only" styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}>
            This roster breaks recruitment rules, so the sheet is marked as a draft and lists what to change. Fix the roster to print a final sheet.
          </Alert>
        )}
        <Group justify="space-between">
          <Choice label="Paper size" value={paper} onChange={setPaper} options={{ A4: 'A4', LETTER: 'US Letter' }} />
          {pdf && (
            <Text size="sm" c="dimmed">
              {pdf.pages} {pdf.pages === 1 ? 'page' : 'pages'}
            </Text>
          )}
        </Group>
        <ErrorAlert error={error} />
        {!pdf && !error && <Loader aria-label="Preparing the army sheet" />}
        {pdf && <iframe title="Army sheet preview" src={pdf.url} style={{ width: '100%', height: '60vh', border: '1px solid var(--mantine-color-gray-4)' }} />}
        <Group justify="flex-end">
          {saved && (
            <Text size="sm" c="teal">
              Saved.
            </Text>
          )}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            disabled={!pdf}
            onClick={async () => {
              if (!pdf) return;
              setSaved(await saveFile(pdf.fileName, pdf.base64, 'application/pdf'));
            }}
          >
            Save PDF
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

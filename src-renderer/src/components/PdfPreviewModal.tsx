import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AppError } from '../../../src-shared/errors';
import { base64ToBytes, saveFile } from '../api/transport';
import { counted } from '../../../src-shared/naming';
import { Loading } from './Loading';
import { Choice } from './Choice';
import { ErrorAlert } from './ErrorAlert';

export type PaperSize = 'A4' | 'LETTER';

/** A document as the backend renders it. */
export interface RenderedPdf {
  fileName: string;
  base64: string;
  pages?: number;
}

/**
 * Every printout's preview (army sheet, crib sheet, briefing, battle report,
 * campaign summary, playtest report, a batch's PDFs): the PDF in a frame with
 * its paper size and any options of its own, rendered again when they change,
 * then printed from the frame or saved through the save dialog (desktop) or a
 * download (browser). Nothing is saved unasked.
 */
export function PdfPreviewModal({
  title,
  opened,
  onClose,
  render,
  options,
  notice,
  deps = [],
  paperSizes = true,
}: {
  /** "Army sheet", "Crib sheet": the dialog's title, and the frame's ("Army sheet preview"). */
  title: string;
  opened: boolean;
  onClose: () => void;
  render: (paperSize: PaperSize) => Promise<RenderedPdf>;
  /** The document's own choices (what to include), shown beside the paper size. */
  options?: ReactNode;
  notice?: ReactNode;
  /** What the document depends on besides the paper size: a change renders it again. */
  deps?: unknown[];
  /** False for a document already made (a batch's PDF): no paper size to choose, `render` gets the default. */
  paperSizes?: boolean;
}) {
  const [paper, setPaper] = useState<PaperSize>('A4');
  const [pdf, setPdf] = useState<(RenderedPdf & { url: string }) | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);
  const [printError, setPrintError] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  /** Prints the PDF as the frame shows it (the browser's or Electron's PDF viewer); where the frame cannot print, says to save it. */
  const printFrame = () => {
    setPrintError(false);
    try {
      const w = frame.current?.contentWindow;
      if (!w) throw new Error('no frame');
      w.focus();
      w.print();
    } catch {
      setPrintError(true);
    }
  };

  useEffect(() => {
    if (!opened) return;
    let url: string | null = null;
    let cancelled = false;
    setPdf(null);
    setError(null);
    setSaved(false);
    setPrintError(false);
    render(paper)
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
    // render is a fresh closure each time; what it depends on is listed in deps
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, paper, ...deps]);

  return (
    // built from its parts so its header is a plain div: a <header> in a dialog is a second banner landmark
    <Modal.Root opened={opened} onClose={onClose} size="xl">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack>
            {notice}
            <Group justify="space-between" align="flex-end">
              <Group align="flex-end">
                {paperSizes && <Choice label="Paper size" value={paper} onChange={setPaper} options={{ A4: 'A4', LETTER: 'US Letter' }} />}
                {options}
              </Group>
              {pdf?.pages !== undefined && (
                <Text size="sm" c="dimmed">
                  {counted(pdf.pages, 'page')}
                </Text>
              )}
            </Group>
            <ErrorAlert error={error} />
            {!pdf && !error && <Loading label={`Preparing the ${title.toLowerCase()}`} />}
            {pdf && (
              <iframe
                ref={frame}
                title={`${title} preview`}
                src={pdf.url}
                style={{ width: '100%', height: '60vh', border: '1px solid var(--mantine-color-gray-4)' }}
              />
            )}
            <Group justify="flex-end">
              {printError && (
                <Text size="sm" c="red.8" role="alert">
                  This window cannot print the preview: save the PDF and print it from your PDF reader.
                </Text>
              )}
              {saved && (
                <Text size="sm" c="teal.9">
                  Saved.
                </Text>
              )}
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button variant="default" leftSection={<IconPrinter size={16} />} disabled={!pdf} onClick={printFrame}>
                Print
              </Button>
              <Button
                disabled={!pdf}
                leftSection={<IconDownload size={16} />}
                onClick={async () => {
                  if (!pdf) return;
                  setSaved(await saveFile(pdf.fileName, pdf.base64, 'application/pdf'));
                }}
              >
                Save PDF
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

import { Button, type ButtonProps } from '@mantine/core';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { PdfPreviewModal } from './PdfPreviewModal';

/**
 * A button that opens a document's print preview (PdfPreviewModal) over the
 * page it stands on: the crib sheet over a battle, a campaign's summary over
 * its Journal.
 */
export function PdfPreviewButton({
  label,
  icon,
  buttonProps,
  ...preview
}: {
  label: string;
  icon: ReactNode;
  buttonProps?: ButtonProps & { title?: string };
} & Omit<ComponentProps<typeof PdfPreviewModal>, 'opened' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={icon} {...buttonProps} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <PdfPreviewModal {...preview} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

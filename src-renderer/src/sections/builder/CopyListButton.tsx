import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/**
 * "Copy as text": puts the army list on the clipboard and says so on the
 * button. Where the clipboard is refused (a browser without permission), the
 * list is shown selected in a dialog instead, so it can still be copied by hand.
 */
export function CopyListButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setShown(true);
    }
  };

  return (
    <>
      <Button
        variant="default"
        color={copied ? 'teal' : undefined}
        leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        onClick={() => void copy()}
        aria-live="polite"
      >
        {copied ? 'Copied to clipboard' : 'Copy as text'}
      </Button>
      <Modal opened={shown} onClose={() => setShown(false)} title="The army list as text" size="lg">
        <Stack gap="xs">
          <Text size="sm">The clipboard could not be reached from here: select the list and copy it.</Text>
          <Textarea
            aria-label="Army list"
            value={text}
            readOnly
            autosize
            minRows={8}
            maxRows={24}
            styles={{ input: { fontFamily: 'monospace' } }}
            onFocus={(e) => e.currentTarget.select()}
            data-autofocus
          />
        </Stack>
      </Modal>
    </>
  );
}

import { ActionIcon, Box, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useMemo, type ReactNode } from 'react';
import type { ClubLink } from '../../../../src-shared/contract/club-night.contract';
import { qrPath, qrSide } from '../../../../src-shared/qr-path';
import { clockTime } from './time';

/** A QR code as an SVG drawing: dark modules on a white square, whatever the theme, since a reader needs dark on light. */
function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const modules = useMemo(() => QRCode.create(text, { errorCorrectionLevel: 'M' }).modules, [text]);
  const n = qrSide(modules);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${n} ${n}`} width={size} height={size} shapeRendering="crispEdges" data-qr-text={text}>
      <rect x={0} y={0} width={n} height={n} fill="#ffffff" />
      <path d={qrPath(modules)} fill="#000000" />
    </svg>
  );
}

/**
 * A link just made, with its QR code: shown this once, since the ledger keeps only a fingerprint of its token.
 * `title` says whose link it is ("Ana v Bo's table").
 */
export function LinkWithQr({ link, title, qrLabel }: { link: ClubLink; title: ReactNode; qrLabel: string }) {
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <QrCode text={link.url} label={qrLabel} />
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Text fw={600}>{title}</Text>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
            {link.url}
          </Code>
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy the link'} withArrow>
                <ActionIcon variant="default" onClick={copy} aria-label="Copy the link" size="lg">
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">Valid until {clockTime(link.expiresAt)}.</Text>
        <Box>
          <Text size="sm" c="dimmed">
            Shown this once: the app keeps only a fingerprint of it. Lost it? Make a new one (the old one keeps working until it expires or is revoked).
          </Text>
        </Box>
      </Stack>
    </Group>
  );
}

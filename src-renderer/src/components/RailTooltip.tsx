import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/**
 * A section's name beside the icon-only rail, on hover and focus. Its own
 * chunk: the positioning code (floating-ui) is not needed for the first screen.
 */
export default function RailTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} position="right">
      {children}
    </Tooltip>
  );
}

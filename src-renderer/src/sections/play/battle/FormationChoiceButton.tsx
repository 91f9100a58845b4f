import { Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * A button's label that wraps onto more lines instead of being cut off: for the table's buttons, whose text
 * (a formation's name, a Captain's ability) can be longer than a narrow column. Use with `h="auto"`.
 */
export const WRAPPING_LABEL = {
  label: { whiteSpace: 'normal', overflow: 'visible', height: 'auto', textAlign: 'left', lineHeight: 1.3 },
  inner: { height: 'auto' },
} as const;

/**
 * One formation to pick at the table (a token drawn, an activation to choose): large, filled in the side's colour
 * with white text (WCAG AA in both themes), its name on the first line and its type and models left below, wrapping
 * instead of being cut off, so three patrols or two Core squads never read the same.
 */
export function FormationChoiceButton({
  name,
  detail,
  color,
  ...rest
}: { name: string; detail: string; color: string } & Omit<ComponentPropsWithoutRef<'button'>, 'color'>) {
  return (
    <Button
      color={color}
      variant="filled"
      size="lg"
      h="auto"
      mih={72}
      py="sm"
      fullWidth
      justify="flex-start"
      styles={{ ...WRAPPING_LABEL, inner: { ...WRAPPING_LABEL.inner, justifyContent: 'flex-start' } }}
      {...rest}
    >
      <Stack gap={2} align="flex-start">
        <Text span fw={700} size="lg" lh={1.25} c="inherit">
          {name}
          <VisuallyHidden>: </VisuallyHidden>
        </Text>
        <Text span size="sm" lh={1.3} c="inherit">
          {detail}
        </Text>
      </Stack>
    </Button>
  );
}

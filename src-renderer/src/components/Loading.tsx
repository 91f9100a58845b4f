import { Loader, type LoaderProps } from '@mantine/core';

/**
 * A loading indicator that says what is loading. Mantine's Loader is a bare span, where an aria-label alone is not
 * allowed (axe: aria-prohibited-attr); as a status it is announced and named.
 */
export function Loading({ label, ...props }: { label: string } & LoaderProps) {
  return <Loader role="status" aria-label={label} {...props} />;
}

import { Group, Pagination, Text } from '@mantine/core';
import { counted } from '../../../src-shared/naming';

/** How many there are, which of them the page shows, and the pages when there is more than one: every paged list alike. */
export function PageControls({
  total,
  page,
  pageSize,
  onChange,
  noun,
  label,
}: {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What is counted, in the singular ("campaign"). */
  noun: string;
  /** The pages' accessible name ("Campaign pages"). */
  label: string;
}) {
  const pages = Math.ceil(total / pageSize);
  if (total === 0) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" aria-live="polite">
        {counted(total, noun)}
        {pages > 1 && ` · showing ${(page - 1) * pageSize + 1}–${Math.min(page * pageSize, total)}`}
      </Text>
      {pages > 1 && (
        <Pagination total={pages} value={page} onChange={onChange} aria-label={label} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
      )}
    </Group>
  );
}

import { Alert, Stack } from '@mantine/core';
import { useApiQuery } from '../api/hooks';

/** What the backend found at start that the organiser must hear about (a crash that damaged recent changes), above every section. */
export function StartNotices() {
  const info = useApiQuery('system.info', {});
  const notices = info.data?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {notices.map((n) => (
        <Alert key={n} color="red" variant="light" title="Recent changes may be missing" role="alert">
          {n}
        </Alert>
      ))}
    </Stack>
  );
}

import { Alert } from '@mantine/core';
import { PageHeader } from './PageHeader';

/** A section whose screen is not built yet says so plainly. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="gray" title="Not available yet">
        {what}
      </Alert>
    </>
  );
}

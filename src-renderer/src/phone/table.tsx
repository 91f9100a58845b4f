import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import type { AppError } from '../../../src-shared/errors';
import { readClubLink, type ClubLink } from './club-link';
import { renderPhone } from './shell';
import { TablePage } from './TablePage';

/** A table link's page: asks which battle its link is for, then shows that battle's round screen. */
function Table() {
  const link = useQuery<ClubLink, AppError>({ queryKey: ['club-link'], queryFn: readClubLink, staleTime: Infinity });
  if (link.data?.scope === 'table') return <TablePage battleId={link.data.battleId} linkId={link.data.linkId} />;
  return (
    <Container component="main" size="sm" p="md">
      {link.error ? <ErrorAlert error={link.error} title="This link does not open a table" /> : <Loading label="Opening the table" />}
    </Container>
  );
}

export function startTable(): void {
  renderPhone(<Table />, 'table');
}

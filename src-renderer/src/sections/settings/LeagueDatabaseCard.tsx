import { Alert, Button, Card, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * Settings → Ledger → "League database": record to a league's PostgreSQL
 * database shared with other organisers instead of this computer's own
 * ledger. The address is checked before it is saved; the password is stored
 * only encrypted by the system (the desktop app), else not at all. It takes
 * effect when the app is started again.
 */
export function LeagueDatabaseCard({ active }: { active: string | null }) {
  const choice = useApiQuery('league.choice', {});
  const choose = useApiMutation('league.choose');
  const [url, setUrl] = useState('');
  const [password, setPassword] = useState('');
  const saved = choice.data?.url ?? null;
  const canStore = choice.data?.canStorePassword ?? false;
  return (
    <Card withBorder component="section" aria-label="League database">
      <Stack>
        <Text fw={600}>Ledger: league database</Text>
        <Text size="sm" c="dimmed">
          Several clubs can keep one league ledger on a PostgreSQL server.{' '}
          {active ? `This app records to ${active} now.` : 'This app records to its own ledger now.'}{' '}
          {saved ? `Saved for the next start: ${saved}${choice.data?.passwordSaved ? ' (password stored encrypted by the system)' : ''}.` : ''}
        </Text>
        <TextInput
          label="League database address"
          description="postgres://USER@HOST:PORT/DATABASE, with ?sslmode=verify-full&sslrootcert=FILE for an encrypted connection"
          placeholder="postgres://aoa_organiser@league.example.org:5432/league"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        {canStore ? (
          <PasswordInput
            label="Password"
            description="Stored encrypted by the system, never as text"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Here the password cannot be stored encrypted, so it is not stored: set AOA_DATABASE_PASSWORD or use a pgpass file.
          </Text>
        )}
        <Group>
          <Button
            loading={choose.isPending}
            disabled={!url.trim()}
            onClick={() => choose.mutate({ url: url.trim(), ...(password ? { password } : {}) }, { onSuccess: () => setPassword('') })}
          >
            Check and save
          </Button>
          {saved && (
            <Button variant="default" loading={choose.isPending} onClick={() => choose.mutate({ url: null })}>
              Use this computer’s own ledger
            </Button>
          )}
        </Group>
        <ErrorAlert error={choose.error} />
        {choose.isSuccess && (
          <Alert color="green" title="Saved">
            {choose.data.url ? 'The league answered. Start the app again to record to it.' : 'Start the app again to record to this computer’s own ledger.'}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

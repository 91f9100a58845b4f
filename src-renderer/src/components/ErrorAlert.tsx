import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AppError, ERROR_TITLES } from '../../../src-shared/errors';
import { citeFieldManual } from '../../../src-shared/naming';

/**
 * Shows any failure in words a club organiser can act on, with each problem's place; rules are cited by the Field Manual.
 * With `onClose`, it has a Dismiss button (a phone's refusal shown over the screen).
 */
export function ErrorAlert({ error, title, onClose }: { error: unknown; title?: string; onClose?: () => void }) {
  if (!error) return null;
  const e = error instanceof AppError ? error : null;
  const heading = title ?? (e ? ERROR_TITLES[e.code] : 'Something went wrong');
  const message = citeFieldManual(e?.message ?? (error instanceof Error ? error.message : String(error)));
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={heading}
      role="alert"
      data-error-code={e?.code}
      {...(onClose ? { withCloseButton: true, closeButtonLabel: 'Dismiss', onClose } : {})}
    >
      <Text size="sm">{message}</Text>
      {e?.issues && e.issues.length > 1 && (
        <List size="sm" mt="xs">
          {e.issues.slice(0, 20).map((i, n) => (
            <List.Item key={n}>
              {i.path.length > 0 && <b>{i.path.join(' › ')}: </b>}
              {citeFieldManual(i.message)}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

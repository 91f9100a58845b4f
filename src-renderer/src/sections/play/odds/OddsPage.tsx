import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { AttackOddsPanel } from './AttackOddsPanel';

/**
 * A stand-alone odds calculator at /play/odds: every number typed in. Play
 * Mode embeds the same panel with the battle's fighters to pick from.
 */
export function OddsPage() {
  return (
    <Stack>
      <PageHeader title="Attack odds" description="Exact chances for any attack, every modifier included; roll it when you are ready." />
      <AttackOddsPanel />
    </Stack>
  );
}

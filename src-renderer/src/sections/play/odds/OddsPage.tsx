import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { attackerChoicesFromPack, targetChoicesFromPack } from '../../../../../src-shared/odds/pack-choices';
import { useApiQuery } from '../../../api/hooks';
import { Loading } from '../../../components/Loading';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { AttackOddsPanel } from './AttackOddsPanel';

/**
 * The stand-alone odds calculator at /play/odds: pick any unit, weapon and
 * target from the current ruleset pack, or type every number in. Play Mode
 * embeds the same panel with the fighters on the table.
 */
export function OddsPage() {
  const pack = useApiQuery('rulesets.get', {});
  const choices = useMemo(
    () =>
      pack.data
        ? {
            attackers: attackerChoicesFromPack(pack.data.pack),
            targets: targetChoicesFromPack(pack.data.pack),
            options: pack.data.pack.options,
          }
        : null,
    [pack.data],
  );
  return (
    <Stack>
      <PageHeader title="Attack odds" description="Exact chances for any attack, every modifier included; roll it when you are ready." />
      {pack.error && <ErrorAlert error={pack.error} title="The ruleset could not be read; type the numbers in instead" />}
      {pack.isPending ? (
        <Loading label="Loading the ruleset" />
      ) : (
        <AttackOddsPanel
          attackers={choices?.attackers}
          targets={choices?.targets}
          options={
            choices
              ? {
                  steadyFire: choices.options.steadyFire,
                  secondChanceScope: choices.options.secondChanceScope,
                  rallyTheLost: choices.options.rallyTheLost,
                  shieldLine: choices.options.shieldLine,
                  overdriveRisk: choices.options.overdriveRisk,
                }
              : undefined
          }
        />
      )}
    </Stack>
  );
}

import { Group, NumberInput, Stack, Switch } from '@mantine/core';
import type { AlliedMelee, AttackSpecInput } from '../../../../../src-shared/odds/spec';

/** The friend a stray shot is most likely to hit until the players say otherwise: the usual line fighter. */
const DEFAULT_FRIEND: AlliedMelee = { friendliesInCombat: true, toughness: 3, save: 5 };

/**
 * Shooting at an enemy that is fighting the shooter's own models (DIGEST 6.13):
 * a missed shot hits one of those friends instead. The players give the
 * friend's Toughness and Save so the panel can say what the misses cost.
 */
export function AlliedMeleeInputs({
  kind,
  value,
  onChange,
  errors,
}: {
  kind: 'melee' | 'ranged';
  value: AttackSpecInput['intoAlliedMelee'];
  onChange: (v: AttackSpecInput['intoAlliedMelee']) => void;
  errors: Record<string, string>;
}) {
  const on = value !== undefined;
  const inCombat = value?.friendliesInCombat !== false;
  const num = (v: string | number) => (typeof v === 'number' ? v : v === '' ? 0 : Number(v));
  return (
    <Stack gap={6} role="group" aria-label="Shooting into a melee">
      <Switch
        label="Into a melee with our own fighters"
        description={
          kind === 'melee'
            ? 'Only shooting can go astray (ranged attacks only)'
            : 'Every shot that misses, a natural 1 included, hits one of our fighters in that melee instead; it is never critical.'
        }
        checked={on}
        disabled={kind === 'melee'}
        onChange={(e) => onChange(e.currentTarget.checked ? DEFAULT_FRIEND : undefined)}
        error={errors.intoAlliedMelee}
      />
      {on && value && (
        <Group gap="md" align="flex-start" pl="xl">
          <Switch
            label="Our fighters are still in that combat"
            description="Off: misses are ordinary misses"
            checked={inCombat}
            onChange={(e) => onChange({ ...value, friendliesInCombat: e.currentTarget.checked })}
          />
          <NumberInput
            label="Our fighter’s Toughness"
            min={1}
            max={20}
            w={170}
            value={value.toughness}
            onChange={(v) => onChange({ ...value, toughness: num(v) })}
            error={errors['intoAlliedMelee.toughness']}
            disabled={!inCombat}
          />
          <NumberInput
            label="Our fighter’s Save (x+)"
            description="empty: no Save"
            min={1}
            max={7}
            w={170}
            value={value.save ?? ''}
            onChange={(v) => onChange({ ...value, save: v === '' ? null : num(v) })}
            error={errors['intoAlliedMelee.save']}
            disabled={!inCombat}
          />
        </Group>
      )}
    </Stack>
  );
}

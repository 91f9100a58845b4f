import { Alert, Divider, Group, List, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DEFAULT_ODDS_OPTIONS, type AttackSpecInput, type OddsOptions } from '../../../../../src-shared/odds/spec';
import { Choice, ChoiceSelect } from '../../../components/Choice';
import { AlliedMeleeInputs } from './AlliedMeleeInputs';
import { GROUP_TITLES, SWITCHES, switchBlocked, type SwitchInfo } from './modifier-catalog';
import { RulingsInputs } from './RulingsInputs';

type Modifiers = NonNullable<AttackSpecInput['modifiers']>;

/** What every part of the attack's inputs takes: the attack, its field errors, and how to change it. */
interface AttackInputs {
  spec: AttackSpecInput;
  errors: Record<string, string>;
  update: (patch: Partial<AttackSpecInput>) => void;
  setModifier: (patch: Partial<Modifiers>) => void;
}

const GROUPS = Object.keys(GROUP_TITLES) as SwitchInfo['group'][];

/** The modifiers agreed at the table beyond the rules': each a whole number, 0 when none. */
const AGREED_MODIFIERS = [
  { key: 'otherHitModifier', label: 'Hit modifier', description: '+1 is easier', min: -6, max: 6 },
  { key: 'otherWoundModifier', label: 'Wound modifier', description: '+1 is easier', min: -3, max: 3 },
  { key: 'otherDamageBonus', label: 'Damage bonus', description: 'per unsaved hit', min: -6, max: 6 },
  { key: 'selfWoundsOnNaturalOne', label: 'Self-wounds on a 1', description: 'per natural 1 to Hit', min: 0, max: 6 },
] as const;

/** A number field's value as a number: empty is the fallback. */
const num = (v: string | number, fallback: number) => (typeof v === 'number' ? v : v === '' ? fallback : Number(v));

function SectionDivider({ title }: { title: string }) {
  return (
    <Divider
      label={
        <Text size="sm" fw={600}>
          {title}
        </Text>
      }
      labelPosition="left"
    />
  );
}

/**
 * Everything about the attack that is not a pick: the notes to check at the table, the label and kind, the profile's
 * numbers, the modifiers as switches by group, rerolls and Veteran Sixes, what else was agreed, and the rulings.
 */
export function AttackModifiers({
  notes,
  offered,
  blocked,
  ...inputs
}: AttackInputs & {
  notes: string[];
  /** Whether the picked attacker has the rule a switch needs. */
  offered: (s: SwitchInfo) => boolean;
  /** Switches a rule of the battle takes from the picked attacker, each with why. */
  blocked: Partial<Record<string, string>>;
}) {
  const { spec, update } = inputs;
  return (
    <>
      {notes.length > 0 && (
        <Alert color="blue" variant="light" title="Check at the table">
          <List size="sm">
            {notes.map((n) => (
              <List.Item key={n}>{n}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <TextInput
        label="Label"
        placeholder="e.g. Ash Guard halberds → Iron Lancer"
        value={spec.label ?? ''}
        onChange={(e) => update({ label: e.currentTarget.value || undefined })}
      />
      <Choice label="Attack kind" value={spec.kind} onChange={(kind) => update({ kind })} options={{ ranged: 'Ranged', melee: 'Melee' }} />
      <ProfileInputs {...inputs} />
      <Group gap="lg">
        <Switch label="Target is a cryptid" checked={!!spec.targetIsCryptid} onChange={(e) => update({ targetIsCryptid: e.currentTarget.checked })} />
        <Switch label="Target is Awakened" checked={!!spec.targetIsAwakened} onChange={(e) => update({ targetIsAwakened: e.currentTarget.checked })} />
        <Switch label="Attacker is a cryptid" checked={!!spec.attackerIsCryptid} onChange={(e) => update({ attackerIsCryptid: e.currentTarget.checked })} />
      </Group>
      <AlliedMeleeInputs kind={spec.kind} value={spec.intoAlliedMelee} onChange={(intoAlliedMelee) => update({ intoAlliedMelee })} errors={inputs.errors} />
      {GROUPS.map((g) => (
        <SwitchGroup key={g} group={g} offered={offered} blocked={blocked} {...inputs} />
      ))}
      <SectionDivider title="Rerolls and Veteran Sixes" />
      <RerollInputs {...inputs} />
      <SectionDivider title="Anything else agreed at the table" />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {AGREED_MODIFIERS.map(({ key, ...field }) => (
          <NumberInput
            key={key}
            {...field}
            value={spec.modifiers?.[key] ?? 0}
            onChange={(v) => inputs.setModifier({ [key]: num(v, 0) })}
            error={inputs.errors[`modifiers.${key}`]}
          />
        ))}
      </SimpleGrid>
      <RulingsInputs options={(spec.options ?? DEFAULT_ODDS_OPTIONS) as OddsOptions} onChange={(o) => update({ options: o })} />
    </>
  );
}

/** The attack's numbers: attacks, Hit, Force, Damage, Toughness, Save, Wounds left and the Rule of Cool bonus. */
function ProfileInputs({ spec, errors, update, setModifier }: AttackInputs) {
  return (
    // four across only where the column itself is wide (the odds page), two in the battle's drawer: "none" and "+6 Damage" never cut off
    <SimpleGrid type="container" cols={{ base: 2, '520px': 4 }}>
      <NumberInput label="Attacks" min={1} max={40} value={spec.attacks} onChange={(v) => update({ attacks: num(v, 0) })} error={errors.attacks} />
      <NumberInput
        label="Hit (x+)"
        min={1}
        max={7}
        value={spec.hit}
        onChange={(v) => update({ hit: num(v, 0) })}
        error={errors.hit}
        description="before modifiers"
      />
      <NumberInput label="Force" min={1} max={20} value={spec.force} onChange={(v) => update({ force: num(v, 0) })} error={errors.force} />
      <NumberInput label="Damage" min={0} max={20} value={spec.damage} onChange={(v) => update({ damage: num(v, -1) })} error={errors.damage} />
      <NumberInput label="Toughness" min={1} max={20} value={spec.toughness} onChange={(v) => update({ toughness: num(v, 0) })} error={errors.toughness} />
      <NumberInput
        label="Save (x+)"
        min={1}
        max={7}
        value={spec.save ?? ''}
        onChange={(v) => update({ save: v === '' ? null : num(v, 0) })}
        error={errors.save}
        description="empty: no Save"
      />
      <NumberInput
        label="Wounds left"
        min={1}
        max={200}
        value={spec.woundsRemaining ?? ''}
        onChange={(v) => update({ woundsRemaining: v === '' ? undefined : num(v, 0) })}
        error={errors.woundsRemaining}
        description="optional"
      />
      <Select
        label="Rule of Cool"
        data={['0', '1', '2', '3', '4', '6'].map((v) => ({ value: v, label: v === '0' ? 'none' : `+${v} Damage` }))}
        value={String(spec.modifiers?.ruleOfCoolBonus ?? 0)}
        onChange={(v) => setModifier({ ruleOfCoolBonus: Number(v ?? 0) })}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}

/** One group of on/off modifiers (orders, target, attacker, storm, gambits), each disabled with why where it cannot apply. */
function SwitchGroup({
  group,
  offered,
  blocked,
  spec,
  errors,
  setModifier,
}: AttackInputs & { group: SwitchInfo['group']; offered: (s: SwitchInfo) => boolean; blocked: Partial<Record<string, string>> }) {
  const m = spec.modifiers ?? {};
  return (
    <Stack gap={6} role="group" aria-label={GROUP_TITLES[group]}>
      <SectionDivider title={GROUP_TITLES[group]} />
      <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }} spacing="xs">
        {SWITCHES.filter((s) => s.group === group && offered(s)).map((s) => {
          const why = switchBlocked(s, spec) ?? blocked[s.key] ?? null;
          return (
            <Switch
              key={s.key}
              label={s.label}
              description={why ? `${s.help} (${why})` : s.help}
              checked={!!m[s.key]}
              disabled={!!why}
              onChange={(e) => setModifier({ [s.key]: e.currentTarget.checked })}
              error={errors[`modifiers.${s.key}`]}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** Second Chance, the attacker's Veteran Six and the Cryptid Die, each offered only where it can apply. */
function RerollInputs({ spec, errors, setModifier }: AttackInputs) {
  const m = spec.modifiers ?? {};
  return (
    <SimpleGrid type="container" cols={{ base: 1, '640px': 3 }}>
      <Select
        label="Second Chance"
        data={[
          { value: 'none', label: 'not used' },
          { value: 'attacker', label: 'attacker (Hit or Wound)' },
          { value: 'defender', label: 'defender (Save)', disabled: spec.options?.secondChanceScope !== 'hit-wound-or-save' },
        ]}
        value={m.secondChance ?? 'none'}
        onChange={(v) => setModifier({ secondChance: (v ?? 'none') as 'none' })}
        allowDeselect={false}
        error={errors['modifiers.secondChance']}
      />
      <ChoiceSelect
        label="Attacker’s Veteran Six"
        options={{ none: 'not used', hit: 'on the Hit pool (critical)', wound: 'on the Wound pool' }}
        value={m.veteranSix ?? 'none'}
        onChange={(veteranSix) => setModifier({ veteranSix })}
      />
      <Select
        label="Cryptid Die"
        data={[
          { value: 'none', label: 'not used' },
          { value: 'attacker', label: 'attacker, against a cryptid', disabled: !spec.targetIsCryptid },
          { value: 'defender', label: 'defender, Save against a cryptid', disabled: !spec.attackerIsCryptid },
        ]}
        value={m.cryptidDie ?? 'none'}
        onChange={(v) => setModifier({ cryptidDie: (v ?? 'none') as 'none' })}
        allowDeselect={false}
        error={errors['modifiers.cryptidDie']}
      />
    </SimpleGrid>
  );
}

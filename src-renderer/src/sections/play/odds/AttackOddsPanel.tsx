import { Alert, Button, Card, Divider, Group, List, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDice5 } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { RollResult } from '../../../../../src-shared/dice/roll-attack';
import { api } from '../../../api/transport';
import { computeOdds } from '../../../../../src-shared/odds/exact';
import { attackSpecFromProfiles } from '../../../../../src-shared/odds/from-profiles';
import type { AttackerChoice, TargetChoice } from '../../../../../src-shared/odds/pack-choices';
import { attackSpecSchema, DEFAULT_ODDS_OPTIONS, type AttackSpecInput, type OddsOptions } from '../../../../../src-shared/odds/spec';
import { AlliedMeleeInputs } from './AlliedMeleeInputs';
import { dropInapplicable, GROUP_TITLES, SWITCHES, switchBlocked, type SwitchInfo } from './modifier-catalog';
import { OddsResultView } from './OddsResultView';
import { RulingsInputs } from './RulingsInputs';
import { RollLog } from './RollLog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ProvisionalMark } from '../../../components/ProvisionalMark';
import { Choice, ChoiceSelect } from '../../../components/Choice';

/** Attackers and targets to pick from: build them with attackerChoicesFromPack / targetChoicesFromPack or from the rosters. */
type AttackerOption = AttackerChoice;
type TargetOption = TargetChoice;

export interface AttackOddsPanelProps {
  /** Attackers and targets to pick from; without them every number is typed in. */
  attackers?: AttackerOption[];
  targets?: TargetOption[];
  /** The attack to start from. */
  initial?: AttackSpecInput;
  /** The campaign's rulings (Steady Fire, Second Chance, Rally the Lost, Shield Line, Overdrive risk). */
  options?: OddsOptions;
  /** A seed makes the Roll button reproducible (tests, replays); otherwise the secure dice roll. */
  seed?: number;
  /** Where a battle's odds start: the formation taking its activation, with what this activation gives it (effective-profile.ts). */
  start?: { attacker: string; steadyFire: boolean } | null;
  /** Called with every roll and the attacker, weapon and target picked (if any), e.g. to record the wounds dealt. */
  /** Switches a rule of the battle turns on for the picked target (e.g. Iron Edict still in force on it, captain-abilities.ts). */
  presetFor?: (targetId: string | null) => Partial<Record<string, boolean>>;
  /** Switches a rule of the battle takes from the picked attacker, each with why (e.g. Overcharge for a Core squad, gambits.ts). */
  blockedFor?: (attackerId: string | null) => Partial<Record<string, string>>;
  onRolled?: (roll: RollResult, picked: { attacker: string | null; weapon: string | null; target: string | null; kind: 'melee' | 'ranged' }) => void;
  /** A battle's drawer: no odds until an attacker and its weapon are picked (a blank attack is nobody's). */
  requireWeapon?: boolean;
  /** Why the dice may not be rolled now (a roll waiting to be recorded or dismissed), or null. */
  rollHeld?: string | null;
  /** Shown with the roll, where it was made: e.g. the battle drawer's Record and Dismiss. */
  afterRoll?: ReactNode;
  /**
   * One-handed on a phone (issue 42): the pickers first, then a bar that stays in view with Roll and its result (and
   * afterRoll), the odds below, and the modifiers and rulings folded into a section under them.
   */
  compact?: boolean;
}

/** Where a new attack starts: one shot of an ordinary musket at an ordinary trooper. */
const BLANK_ATTACK: AttackSpecInput = { kind: 'ranged', attacks: 1, hit: 3, force: 4, toughness: 4, save: 4, damage: 1 };

const GROUPS = Object.keys(GROUP_TITLES) as SwitchInfo['group'][];

/** The modifiers agreed at the table beyond the rules': each a whole number, 0 when none. */
const AGREED_MODIFIERS = [
  { key: 'otherHitModifier', label: 'Hit modifier', description: '+1 is easier', min: -6, max: 6 },
  { key: 'otherWoundModifier', label: 'Wound modifier', description: '+1 is easier', min: -3, max: 3 },
  { key: 'otherDamageBonus', label: 'Damage bonus', description: 'per unsaved hit', min: -6, max: 6 },
  { key: 'selfWoundsOnNaturalOne', label: 'Self-wounds on a 1', description: 'per natural 1 to Hit', min: 0, max: 6 },
] as const;

/**
 * "What are my odds?" at the table: the attack, every modifier as a labelled
 * switch, the exact chances with a chart, and a Roll button that shows each
 * die. Computed in the window (pure, well under a millisecond), so every
 * change answers at once.
 */
export function AttackOddsPanel({
  attackers,
  targets,
  initial,
  options,
  seed,
  start,
  presetFor,
  blockedFor,
  onRolled,
  requireWeapon,
  rollHeld,
  afterRoll,
  compact,
}: AttackOddsPanelProps) {
  const [spec, setSpec] = useState<AttackSpecInput>(() => ({
    ...(initial ?? BLANK_ATTACK),
    options: initial?.options ?? options ?? DEFAULT_ODDS_OPTIONS,
  }));
  const [pick, setPick] = useState<{
    attacker: string | null;
    weapon: string | null;
    target: string | null;
  }>({ attacker: null, weapon: null, target: null });
  const [notes, setNotes] = useState<string[]>([]);
  const [roll, setRoll] = useState<RollResult | null>(null);
  const [rolls, setRolls] = useState(0);
  const [rollError, setRollError] = useState<unknown>(null);
  // one roll at a time, and only the latest is shown: an answer to a roll the inputs have since changed under is dropped
  const [rolling, setRolling] = useState(false);
  const latestRoll = useRef(0);
  const dropRollInFlight = () => {
    latestRoll.current++;
    setRolling(false);
  };
  // start from the active formation once the battle's attackers are known (once: the players may pick another)
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started || !start || !attackers?.some((a) => a.id === start.attacker)) return;
    setStarted(true);
    setPick((p) => ({ ...p, attacker: start.attacker, weapon: null }));
    if (start.steadyFire) setSpec((s) => dropInapplicable({ ...s, modifiers: { ...s.modifiers, steadyFire: true } }));
  }, [started, start, attackers]);

  const parsed = useMemo(() => attackSpecSchema.safeParse(spec), [spec]);
  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) out[i.path.join('.')] ??= i.message;
    return out;
  }, [parsed]);
  const result = useMemo(() => (parsed.success ? computeOdds(parsed.data) : null), [parsed]);

  const update = (patch: Partial<AttackSpecInput>) => {
    setSpec((s) => dropInapplicable({ ...s, ...patch }));
    setRoll(null);
    dropRollInFlight();
  };
  const setModifier = (patch: Partial<NonNullable<AttackSpecInput['modifiers']>>) => update({ modifiers: { ...spec.modifiers, ...patch } });
  const num = (v: string | number, fallback: number) => (typeof v === 'number' ? v : v === '' ? fallback : Number(v));

  const choose = (next: typeof pick) => {
    setPick(next);
    const a = attackers?.find((x) => x.id === next.attacker);
    const w = a?.weapons.find((x) => x.id === next.weapon) ?? a?.weapons[0];
    const t = targets?.find((x) => x.id === next.target);
    if (!a || !w || !t) return;
    const built = attackSpecFromProfiles({
      attacker: a.attacker,
      weapon: w.weapon,
      weaponRules: w.rules,
      target: t.target,
      options: spec.options as OddsOptions,
    });
    setNotes(built.notes);
    // the whole formation's fighters of this loadout attack together: their Attacks add up (the players may change it)
    const fighters = (a as { fighters?: number }).fighters ?? 1;
    const attack = fighters > 1 ? { ...built.spec, attacks: Math.min(40, built.spec.attacks * fighters) } : built.spec;
    const steady = !!start?.steadyFire && next.attacker === start.attacker;
    const preset = { ...(steady ? { steadyFire: true } : {}), ...presetFor?.(next.target) };
    const dropped = dropInapplicable({ ...attack, modifiers: { ...attack.modifiers, ...preset } });
    const off = Object.keys(blockedFor?.(next.attacker) ?? {});
    setSpec(off.length ? { ...dropped, modifiers: { ...dropped.modifiers, ...Object.fromEntries(off.map((k) => [k, false])) } } : dropped);
    setRoll(null);
    dropRollInFlight();
  };

  // the dice are rolled in the backend (odds.roll: the secure dice, or the seed), never on this screen
  const doRoll = async () => {
    if (!parsed.success) return;
    const data = parsed.data;
    const mine = ++latestRoll.current;
    setRollError(null);
    setRolling(true);
    try {
      const { seed: _seed, ...rolled } = await api.call('odds.roll', { spec: data, ...(seed === undefined ? {} : { seed: seed + rolls }) });
      if (mine !== latestRoll.current) return;
      const r: RollResult = { ...rolled, spec: data };
      setRolls((n) => n + 1);
      setRoll(r);
      onRolled?.(r, { ...pick, kind: data.kind });
    } catch (e) {
      if (mine === latestRoll.current) setRollError(e);
    } finally {
      if (mine === latestRoll.current) setRolling(false);
    }
  };

  const m = spec.modifiers ?? {};
  const selectedAttacker = attackers?.find((x) => x.id === pick.attacker);
  const selectedWeapon = selectedAttacker?.weapons.find((w) => w.id === pick.weapon) ?? (pick.weapon ? undefined : selectedAttacker?.weapons[0]);
  const selectedTarget = targets?.find((x) => x.id === pick.target);
  // once an attacker is picked, only the rules it (or its weapon) has are offered
  const attackerRules = selectedAttacker
    ? new Set([...selectedAttacker.attacker.specialRules.map((r) => r.id), ...(selectedWeapon?.rules ?? []).map((r) => r.id)])
    : null;
  const offered = (s: SwitchInfo) => !s.rule || !attackerRules || attackerRules.has(s.rule);
  // in a battle's drawer the odds are of someone's attack: none shown before an attacker and its weapon are picked
  const noWeapon = !!requireWeapon && (!selectedAttacker || !selectedWeapon);
  // what this roll's numbers rest on that the pack marks provisional, named so the table knows
  const provisional = [
    selectedAttacker?.provisional ? `${selectedAttacker.attacker.name}’s profile` : null,
    selectedWeapon?.provisional ? selectedWeapon.label : null,
    selectedTarget?.provisional ? `${selectedTarget.target.name}’s profile` : null,
  ].filter((x): x is string => !!x);

  const pickersBlock = (
    <>
      {(attackers?.length || targets?.length) && (
        <SimpleGrid cols={{ base: 1, sm: 3, md: 1, xl: 3 }}>
          <Select
            label="Attacker"
            placeholder="Pick a fighter"
            data={(attackers ?? []).map((a) => ({
              value: a.id,
              label: a.label,
            }))}
            value={pick.attacker}
            onChange={(v) => choose({ ...pick, attacker: v, weapon: null })}
            searchable
          />
          <Select
            label="Weapon"
            placeholder="Weapon"
            data={(selectedAttacker?.weapons ?? []).map((w) => ({
              value: w.id,
              label: w.label,
            }))}
            value={pick.weapon}
            onChange={(v) => choose({ ...pick, weapon: v })}
            disabled={!selectedAttacker}
          />
          <Select
            label="Target"
            placeholder="Pick a target"
            data={(targets ?? []).map((t) => ({
              value: t.id,
              label: t.label,
            }))}
            value={pick.target}
            onChange={(v) => choose({ ...pick, target: v })}
            searchable
          />
        </SimpleGrid>
      )}
      {/* said of a roll: in a battle's drawer, not before its weapon is picked */}
      {!noWeapon && (!requireWeapon || !!pick.weapon) && provisional.length > 0 && (
        <Group gap={6} wrap="nowrap" data-testid="odds-provisional">
          <ProvisionalMark what="This roll" />
          <Text size="sm">Rests on provisional values: {provisional.join(', ')}.</Text>
        </Group>
      )}
    </>
  );
  const modifiersBlock = (
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
      {/* four across only where the column itself is wide (the odds page), two in the battle's drawer: "none" and "+6 Damage" never cut off */}
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
          data={['0', '1', '2', '3', '4', '6'].map((v) => ({
            value: v,
            label: v === '0' ? 'none' : `+${v} Damage`,
          }))}
          value={String(m.ruleOfCoolBonus ?? 0)}
          onChange={(v) => setModifier({ ruleOfCoolBonus: Number(v ?? 0) })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Group gap="lg">
        <Switch label="Target is a cryptid" checked={!!spec.targetIsCryptid} onChange={(e) => update({ targetIsCryptid: e.currentTarget.checked })} />
        <Switch label="Target is Awakened" checked={!!spec.targetIsAwakened} onChange={(e) => update({ targetIsAwakened: e.currentTarget.checked })} />
        <Switch label="Attacker is a cryptid" checked={!!spec.attackerIsCryptid} onChange={(e) => update({ attackerIsCryptid: e.currentTarget.checked })} />
      </Group>
      <AlliedMeleeInputs kind={spec.kind} value={spec.intoAlliedMelee} onChange={(intoAlliedMelee) => update({ intoAlliedMelee })} errors={errors} />
      {GROUPS.map((g) => (
        <Stack key={g} gap={6} role="group" aria-label={GROUP_TITLES[g]}>
          <Divider
            label={
              <Text size="sm" fw={600}>
                {GROUP_TITLES[g]}
              </Text>
            }
            labelPosition="left"
          />
          <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }} spacing="xs">
            {SWITCHES.filter((s) => s.group === g && offered(s)).map((s) => {
              const blocked = switchBlocked(s, spec) ?? blockedFor?.(pick.attacker)[s.key] ?? null;
              return (
                <Switch
                  key={s.key}
                  label={s.label}
                  description={blocked ? `${s.help} (${blocked})` : s.help}
                  checked={!!m[s.key]}
                  disabled={!!blocked}
                  onChange={(e) => setModifier({ [s.key]: e.currentTarget.checked })}
                  error={errors[`modifiers.${s.key}`]}
                />
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
      <Divider
        label={
          <Text size="sm" fw={600}>
            Rerolls and Veteran Sixes
          </Text>
        }
        labelPosition="left"
      />
      <SimpleGrid type="container" cols={{ base: 1, '640px': 3 }}>
        <Select
          label="Second Chance"
          data={[
            { value: 'none', label: 'not used' },
            { value: 'attacker', label: 'attacker (Hit or Wound)' },
            {
              value: 'defender',
              label: 'defender (Save)',
              disabled: spec.options?.secondChanceScope !== 'hit-wound-or-save',
            },
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
            {
              value: 'attacker',
              label: 'attacker, against a cryptid',
              disabled: !spec.targetIsCryptid,
            },
            {
              value: 'defender',
              label: 'defender, Save against a cryptid',
              disabled: !spec.attackerIsCryptid,
            },
          ]}
          value={m.cryptidDie ?? 'none'}
          onChange={(v) => setModifier({ cryptidDie: (v ?? 'none') as 'none' })}
          allowDeselect={false}
          error={errors['modifiers.cryptidDie']}
        />
      </SimpleGrid>
      <Divider
        label={
          <Text size="sm" fw={600}>
            Anything else agreed at the table
          </Text>
        }
        labelPosition="left"
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {AGREED_MODIFIERS.map(({ key, ...field }) => (
          <NumberInput key={key} {...field} value={m[key] ?? 0} onChange={(v) => setModifier({ [key]: num(v, 0) })} error={errors[`modifiers.${key}`]} />
        ))}
      </SimpleGrid>
      <RulingsInputs options={(spec.options ?? DEFAULT_ODDS_OPTIONS) as OddsOptions} onChange={(o) => update({ options: o })} />
    </>
  );
  const rollButton = (
    <Button leftSection={<IconDice5 size={18} />} onClick={() => void doRoll()} disabled={!result || noWeapon || !!rollHeld} loading={rolling} autoContrast>
      Roll the dice
    </Button>
  );
  const resultBlock = noWeapon ? (
    <Alert color="blue" title="Whose attack?" role="status">
      <Text size="sm">Pick the attacker and its weapon to see the odds.</Text>
    </Alert>
  ) : result ? (
    <OddsResultView result={result} />
  ) : (
    <Alert color="red" title="This attack cannot be resolved yet" role="alert">
      <Text size="sm">Fix the fields marked in red.</Text>
    </Alert>
  );

  return (
    // Mantine's dimmed grey is below the WCAG AA contrast for small print; this panel is read across a table.
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-label="Attack odds"
      style={
        {
          '--mantine-color-dimmed': 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))',
        } as CSSProperties
      }
    >
      {compact ? (
        <Stack gap="sm">
          {pickersBlock}
          {/* in reach of the thumb without scrolling: Roll, and what it rolled with Record or Dismiss */}
          <div className="aoa-odds-bar" role="group" aria-label="Roll">
            <Stack gap="xs">
              {rollButton}
              {rollHeld && (
                <Text size="sm" data-testid="roll-held">
                  {rollHeld}
                </Text>
              )}
              <ErrorAlert error={rollError} />
              {roll && (
                <Text fw={700} role="status" data-testid="roll-wounds">
                  {`Rolled: ${roll.totalDamage} Wound${roll.totalDamage === 1 ? '' : 's'}`}
                </Text>
              )}
              {afterRoll}
            </Stack>
          </div>
          {roll && <RollLog roll={roll} />}
          <Title order={3}>Odds</Title>
          {resultBlock}
          <details className="aoa-fold">
            <summary>Modifiers and rulings</summary>
            <Stack gap="sm" pt="xs">
              {modifiersBlock}
            </Stack>
          </details>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            {pickersBlock}
            {modifiersBlock}
          </Stack>

          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3}>Odds</Title>
              {rollButton}
            </Group>
            {rollHeld && (
              <Text size="sm" data-testid="roll-held">
                {rollHeld}
              </Text>
            )}
            {/* the roll and what to do with it, where the roll was made: above the chances, never below the fold */}
            <ErrorAlert error={rollError} />
            {roll && <RollLog roll={roll} />}
            {afterRoll}
            {resultBlock}
          </Stack>
        </SimpleGrid>
      )}
    </Card>
  );
}

import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDice5 } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type CSSProperties, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { RollResult } from '../../../../../src-shared/dice/roll-attack';
import { computeOdds } from '../../../../../src-shared/odds/exact';
import type { AttackerChoice, TargetChoice } from '../../../../../src-shared/odds/pack-choices';
import { attackSpecSchema, DEFAULT_ODDS_OPTIONS, type AttackSpecInput, type OddsOptions } from '../../../../../src-shared/odds/spec';
import { AttackModifiers } from './AttackModifiers';
import { AttackPickers, ProvisionalNote } from './AttackPickers';
import { dropInapplicable } from './modifier-catalog';
import { OddsResultView } from './OddsResultView';
import { NO_PICK, offeredSwitches, pickedChoices, provisionalParts, specForPick, type OddsPick } from './pick-spec';
import { RollLog } from './RollLog';
import { useOddsRoll } from './use-odds-roll';
import { ErrorAlert } from '../../../components/ErrorAlert';

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

/** The attack being weighed, checked against its schema, with each field's first error and the exact odds when it is valid. */
function useAttackSpec(initial: AttackSpecInput | undefined, options: OddsOptions | undefined) {
  const [spec, setSpec] = useState<AttackSpecInput>(() => ({
    ...(initial ?? BLANK_ATTACK),
    options: initial?.options ?? options ?? DEFAULT_ODDS_OPTIONS,
  }));
  const parsed = useMemo(() => attackSpecSchema.safeParse(spec), [spec]);
  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) out[i.path.join('.')] ??= i.message;
    return out;
  }, [parsed]);
  const result = useMemo(() => (parsed.success ? computeOdds(parsed.data) : null), [parsed]);
  return { spec, setSpec, parsed, errors, result };
}

/** Starts from the active formation once the battle's attackers are known (once: the players may pick another). */
function useStartFromActive(
  start: AttackOddsPanelProps['start'],
  attackers: AttackerOption[] | undefined,
  setPick: Dispatch<SetStateAction<OddsPick>>,
  setSpec: Dispatch<SetStateAction<AttackSpecInput>>,
) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started || !start || !attackers?.some((a) => a.id === start.attacker)) return;
    setStarted(true);
    setPick((p) => ({ ...p, attacker: start.attacker, weapon: null }));
    if (start.steadyFire) setSpec((s) => dropInapplicable({ ...s, modifiers: { ...s.modifiers, steadyFire: true } }));
  }, [started, start, attackers, setPick, setSpec]);
}

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
  const { spec, setSpec, parsed, errors, result } = useAttackSpec(initial, options);
  const [pick, setPick] = useState<OddsPick>(NO_PICK);
  const [notes, setNotes] = useState<string[]>([]);
  const dice = useOddsRoll(seed, onRolled);
  useStartFromActive(start, attackers, setPick, setSpec);

  const update = (patch: Partial<AttackSpecInput>) => {
    setSpec((s) => dropInapplicable({ ...s, ...patch }));
    dice.clear();
  };
  const setModifier = (patch: Partial<NonNullable<AttackSpecInput['modifiers']>>) => update({ modifiers: { ...spec.modifiers, ...patch } });
  const choose = (next: OddsPick) => {
    setPick(next);
    const built = specForPick(next, { attackers, targets }, spec.options as OddsOptions, { start, presetFor, blockedFor });
    if (!built) return;
    setNotes(built.notes);
    setSpec(built.spec);
    dice.clear();
  };

  const picked = pickedChoices(pick, attackers, targets);
  // in a battle's drawer the odds are of someone's attack: none shown before an attacker and its weapon are picked
  const noWeapon = !!requireWeapon && (!picked.attacker || !picked.weapon);
  const pickers = (
    <>
      <AttackPickers attackers={attackers} targets={targets} pick={pick} onChoose={choose} />
      {/* said of a roll: in a battle's drawer, not before its weapon is picked */}
      {!noWeapon && (!requireWeapon || !!pick.weapon) && <ProvisionalNote parts={provisionalParts(picked)} />}
    </>
  );
  const modifiers = (
    <AttackModifiers
      spec={spec}
      errors={errors}
      update={update}
      setModifier={setModifier}
      notes={notes}
      offered={offeredSwitches(picked)}
      blocked={blockedFor?.(pick.attacker) ?? {}}
    />
  );
  const rollButton = (
    <Button
      leftSection={<IconDice5 size={18} />}
      onClick={() => void (parsed.success && dice.rollDice(parsed.data, pick))}
      disabled={!result || noWeapon || !!rollHeld}
      loading={dice.rolling}
      autoContrast
    >
      Roll the dice
    </Button>
  );
  const layout = { pickers, modifiers, rollButton, answer: <OddsAnswer noWeapon={noWeapon} result={result} />, rollHeld, afterRoll, ...dice };

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
      {compact ? <CompactLayout {...layout} /> : <WideLayout {...layout} />}
    </Card>
  );
}

/** The odds, or why there are none: no attacker and weapon picked yet, or fields to fix. */
function OddsAnswer({ noWeapon, result }: { noWeapon: boolean; result: ReturnType<typeof computeOdds> | null }) {
  if (noWeapon)
    return (
      <Alert color="blue" title="Whose attack?" role="status">
        <Text size="sm">Pick the attacker and its weapon to see the odds.</Text>
      </Alert>
    );
  if (result) return <OddsResultView result={result} />;
  return (
    <Alert color="red" title="This attack cannot be resolved yet" role="alert">
      <Text size="sm">Fix the fields marked in red.</Text>
    </Alert>
  );
}

/** The panel's parts, placed by one of the two layouts. */
interface LayoutParts {
  pickers: ReactNode;
  modifiers: ReactNode;
  rollButton: ReactNode;
  answer: ReactNode;
  rollHeld?: string | null;
  afterRoll?: ReactNode;
  roll: RollResult | null;
  rollError: unknown;
}

function RollHeld({ rollHeld }: { rollHeld?: string | null }) {
  if (!rollHeld) return null;
  return (
    <Text size="sm" data-testid="roll-held">
      {rollHeld}
    </Text>
  );
}

/** One-handed on a phone: the pickers, a bar in reach of the thumb with Roll and what it rolled, the odds, the modifiers folded. */
function CompactLayout({ pickers, modifiers, rollButton, answer, rollHeld, afterRoll, roll, rollError }: LayoutParts) {
  return (
    <Stack gap="sm">
      {pickers}
      {/* in reach of the thumb without scrolling: Roll, and what it rolled with Record or Dismiss */}
      <div className="aoa-odds-bar" role="group" aria-label="Roll">
        <Stack gap="xs">
          {rollButton}
          <RollHeld rollHeld={rollHeld} />
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
      {answer}
      <details className="aoa-fold">
        <summary>Modifiers and rulings</summary>
        <Stack gap="sm" pt="xs">
          {modifiers}
        </Stack>
      </details>
    </Stack>
  );
}

/** Two columns: the attack and its modifiers, then the odds with Roll and what it rolled above them. */
function WideLayout({ pickers, modifiers, rollButton, answer, rollHeld, afterRoll, roll, rollError }: LayoutParts) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="sm">
        {pickers}
        {modifiers}
      </Stack>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Odds</Title>
          {rollButton}
        </Group>
        <RollHeld rollHeld={rollHeld} />
        {/* the roll and what to do with it, where the roll was made: above the chances, never below the fold */}
        <ErrorAlert error={rollError} />
        {roll && <RollLog roll={roll} />}
        {afterRoll}
        {answer}
      </Stack>
    </SimpleGrid>
  );
}

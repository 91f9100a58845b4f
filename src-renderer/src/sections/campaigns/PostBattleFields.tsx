import { Button, Card, Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useFieldArray, useWatch, type Control, type UseFormRegister, type UseFormReturn } from 'react-hook-form';
import { startingWounds } from '../../../../src-shared/battle/cryptid';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { Choice } from '../../components/Choice';
import type { PackCryptid, PostBattleForm } from './post-battle-form';
import { serverFieldError } from './serverFieldError';

/** The paper record's fields: the battle as a whole (result, mutants, the cryptid), and each side's card. */

function Num({
  control,
  name,
  label,
  min,
  max,
  error,
  disabled,
  description,
}: {
  control: Control<PostBattleForm>;
  name: string;
  label: string;
  min: number;
  max: number;
  error?: string;
  disabled?: boolean;
  description?: string;
}) {
  return (
    <Controller
      control={control}
      name={name as never}
      render={({ field }) => (
        <NumberInput
          label={label}
          min={min}
          max={max}
          allowDecimal={false}
          disabled={disabled}
          description={description}
          value={field.value as number}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : 0)}
          w={150}
          error={error}
        />
      )}
    />
  );
}

/** The result, the mutants on the table and, when one appeared, which cryptid, its Wounds and whether it fell. */
export function BattleFieldsCard({ form, names, pack }: { form: UseFormReturn<PostBattleForm>; names: string[]; pack: RulesetPack | undefined }) {
  const cryptid = useWatch({ control: form.control, name: 'cryptid' });
  const cryptids = pack?.cryptids ?? [];
  return (
    <Card withBorder>
      <Stack>
        <div>
          <Text size="sm" fw={500} id="result-label">
            Result
          </Text>
          <Controller
            control={form.control}
            name="result"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby="result-label"
                value={field.value}
                onChange={field.onChange}
                data={[
                  { value: 'a', label: `${names[0]} won` },
                  { value: 'draw', label: 'Draw' },
                  { value: 'b', label: `${names[1]} won` },
                ]}
              />
            )}
          />
        </div>
        <Group align="flex-end">
          <Num control={form.control} name="mutantsInScenario" label="Mutants on the table" min={0} max={100} />
          <Controller
            control={form.control}
            name="cryptid"
            render={({ field }) => <Checkbox label="A cryptid appeared" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
          />
          {cryptid && (
            <Controller
              control={form.control}
              name="cryptidId"
              rules={{ required: 'Say which cryptid appeared.' }}
              render={({ field, fieldState }) => (
                <Select
                  label="Which cryptid"
                  placeholder="Pick the creature"
                  data={cryptids.map((x) => ({ value: x.id, label: x.name }))}
                  value={field.value || null}
                  error={fieldState.error?.message}
                  onChange={(id) => {
                    field.onChange(id ?? '');
                    // its Wounds by class (Field Manual §10), which the players may still correct
                    const picked = cryptids.find((x) => x.id === id);
                    if (picked && pack) form.setValue('cryptidWounds', startingWounds(pack.cryptidRules, picked.class), { shouldDirty: true });
                  }}
                  w={220}
                />
              )}
            />
          )}
          {cryptid && <Num control={form.control} name="cryptidWounds" label="Cryptid’s starting Wounds" min={1} max={200} />}
          {cryptid && (
            <Controller
              control={form.control}
              name="cryptidDefeated"
              render={({ field }) => <Checkbox label="Cryptid defeated" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
            />
          )}
        </Group>
      </Stack>
    </Card>
  );
}

interface SideCardProps {
  index: 0 | 1;
  control: Control<PostBattleForm>;
  name: string;
  cryptid: boolean;
  /** The defeated cryptid's trophy, when one lies at the corpse marker. */
  trophy: PackCryptid['trophy'] | null;
  error: unknown;
  register: UseFormRegister<PostBattleForm>;
}

/** One formation's line: its name, models, survivors, who retreated and, with a cryptid, the Wounds it dealt. */
function FormationLine({
  side: { index, control, name, cryptid, error, register },
  j,
  formationName,
  destroyed,
  onRemove,
}: {
  side: SideCardProps;
  j: number;
  formationName: string;
  destroyed: boolean;
  onRemove: (() => void) | null;
}) {
  const base = ['outcome', 'sides', index];
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <TextInput
        label="Formation"
        {...register(`sides.${index}.formations.${j}.name`)}
        w={150}
        aria-label={`${name} formation ${j + 1} name`}
        error={serverFieldError(error, ...base, 'formations', j, 'formationId')}
      />
      <Num control={control} name={`sides.${index}.formations.${j}.startingModels`} label="Models" min={0} max={50} />
      <Num
        control={control}
        name={`sides.${index}.formations.${j}.survivors`}
        label={`${formationName}: survivors`}
        min={0}
        max={50}
        error={serverFieldError(error, ...base, 'formations', j, 'survivors')}
      />
      <Num
        control={control}
        name={`sides.${index}.formations.${j}.retreated`}
        label="of whom retreated"
        min={0}
        max={50}
        error={serverFieldError(error, ...base, 'formations', j, 'retreated')}
      />
      {cryptid && (
        <Num
          control={control}
          name={`sides.${index}.formations.${j}.cryptidWounds`}
          label={`${name} ${formationName}: cryptid Wounds`}
          min={0}
          max={200}
          disabled={destroyed}
          description={destroyed ? 'Destroyed: no cryptid credit' : undefined}
          error={serverFieldError(error, ...base, 'formations', j, 'cryptidWounds')}
        />
      )}
      {onRemove && (
        <Button variant="subtle" color="red" size="xs" onClick={onRemove} aria-label={`Remove ${formationName}`}>
          Remove
        </Button>
      )}
    </Group>
  );
}

/** Who claimed the defeated cryptid's trophy, with which formation, and whether it was used or banked. */
function TrophyClaim({
  side: { index, control, name, error },
  trophy,
  claimants,
}: {
  side: SideCardProps;
  trophy: PackCryptid['trophy'];
  claimants: { formationId: string; name: string }[];
}) {
  const claimed = useWatch({ control, name: `sides.${index}.trophyClaimed` });
  return (
    <Group mt="sm" align="flex-end">
      <Controller
        control={control}
        name={`sides.${index}.trophyClaimed`}
        render={({ field }) => (
          <Checkbox
            label={`${name} claimed the ${trophy.name}`}
            description={trophy.effect}
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
      {claimed && (
        <Controller
          control={control}
          name={`sides.${index}.trophyFormationId`}
          render={({ field }) => (
            <Select
              label={`${name}: claimed by`}
              data={claimants.map((r) => ({ value: r.formationId, label: r.name }))}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={serverFieldError(error, 'outcome', 'sides', index, 'trophies', 0, 'formationId')}
              w={200}
            />
          )}
        />
      )}
      {claimed && (
        <Controller
          control={control}
          name={`sides.${index}.trophyDisposition`}
          render={({ field }) => (
            <Choice label={`${name}: trophy used or banked`} value={field.value} onChange={field.onChange} options={{ banked: 'Banked', used: 'Used' }} />
          )}
        />
      )}
    </Group>
  );
}

export function SideCard(props: SideCardProps) {
  const { index, control, name, trophy, error } = props;
  const { fields, append, remove } = useFieldArray({ control, name: `sides.${index}.formations` });
  // an army from the Builder lists its own formations: the ledger keeps one line per roster formation, so none is added here
  const fromRoster = useWatch({ control, name: `sides.${index}.rosterId` }) !== null;
  // a formation recorded destroyed earns no cryptid credit and claims no trophy (formation-life.ts; checked again by Finish)
  const rows = useWatch({ control, name: `sides.${index}.formations` }) ?? [];
  const destroyed = (j: number) => rows[j]?.survivors === 0;
  return (
    <Card withBorder aria-label={`${name}'s battle`}>
      <Title order={2} size="h4" mb="xs">
        {name}
      </Title>
      <Group>
        <Num
          control={control}
          name={`sides.${index}.mutantKills`}
          label={`${name}: mutants defeated`}
          min={0}
          max={100}
          error={serverFieldError(error, 'outcome', 'sides', index, 'mutantKills')}
        />
        <Num control={control} name={`sides.${index}.victoryPoints`} label={`${name}: victory points`} min={0} max={200} />
      </Group>
      <Text size="sm" fw={500} mt="sm">
        Formations at battle end
      </Text>
      <Stack gap="xs">
        {fields.map((f, j) => (
          <FormationLine key={f.id} side={props} j={j} formationName={f.name} destroyed={destroyed(j)} onRemove={fields.length > 1 ? () => remove(j) : null} />
        ))}
        {fromRoster ? (
          <Text size="xs" c="dimmed">
            The army’s own formations, from its roster.
          </Text>
        ) : (
          <Button
            variant="subtle"
            size="xs"
            onClick={() =>
              append({
                formationId: `extra-${crypto.randomUUID().slice(0, 8)}`,
                name: `Formation ${fields.length + 1}`,
                slot: 'core',
                startingModels: 3,
                survivors: 3,
                retreated: 0,
                cryptidWounds: 0,
              })
            }
          >
            Add a formation
          </Button>
        )}
      </Stack>
      {trophy && <TrophyClaim side={props} trophy={trophy} claimants={rows.filter((_, j) => !destroyed(j))} />}
    </Card>
  );
}

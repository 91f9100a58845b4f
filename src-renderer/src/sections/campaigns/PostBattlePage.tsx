import { Alert, Button, Card, Checkbox, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { useParams } from 'react-router';
import type { BattleOutcome } from '../../../../src-shared/battle/outcome';
import { startingSetFormations, tableFormations, type TableFormation } from '../../../../src-shared/battle/roster-formations';
import { startingWounds } from '../../../../src-shared/battle/cryptid';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import type { FinishPreview } from '../../../../src-shared/campaign/finish-plan';
import { api } from '../../api/transport';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { FinishPreviewPanel } from './FinishPreviewPanel';
import { FinishNextSteps } from './FinishNextSteps';
import { MissionInPlay } from './MissionInPlay';
import { serverFieldError } from './serverFieldError';
import { Choice } from '../../components/Choice';
import { BattleRatingsForm, FinishedRatings, NO_RATINGS, ratingsToSend, type RatingsDraft } from '../../components/BattleRatings';

interface FormationRow {
  formationId: string;
  name: string;
  slot: 'command' | 'core' | 'elite' | 'skirmisher' | 'heavy';
  startingModels: number;
  survivors: number;
  retreated: number;
  cryptidWounds: number;
}
interface SideForm {
  playerId: string;
  playerName: string;
  rosterId: string | null;
  mutantKills: number;
  victoryPoints: number;
  formations: FormationRow[];
  /** The defeated cryptid's trophy (from the pack) was claimed by this side. */
  trophyClaimed: boolean;
  trophyFormationId: string;
  trophyDisposition: 'used' | 'banked';
}
interface PostBattleForm {
  result: 'a' | 'draw' | 'b';
  mutantsInScenario: number;
  cryptid: boolean;
  /** Which of the pack's cryptids appeared. */
  cryptidId: string;
  cryptidWounds: number;
  cryptidDefeated: boolean;
  sides: [SideForm, SideForm];
}

type PackCryptid = RulesetPack['cryptids'][number];

/** A formation's line of the form: everyone came back until the players say otherwise (the command group too). */
const formationRow = (f: TableFormation): FormationRow => ({
  formationId: f.id,
  name: f.name,
  slot: f.slot,
  startingModels: f.models,
  survivors: f.models,
  retreated: 0,
  cryptidWounds: 0,
});

/**
 * Formations from the player's campaign roster, when the Builder has one; otherwise the starting set of the seat's
 * faction under the campaign's pinned pack, listed as Play Mode lists a roster's (`startingSetFormations`), to edit.
 */
async function formationsFor(
  campaignId: string,
  playerId: string,
  starting: { rulesetVersionId: number; factionId: string },
): Promise<{ rosterId: string | null; rows: FormationRow[] }> {
  try {
    const rosters = await api.call('rosters.list', { campaignId, playerId });
    const r = rosters[0];
    if (r) {
      const d = await api.call('rosters.get', { id: r.id });
      // the same formations, ids and model counts Play Mode sets up (one line per formation in the ledger)
      return { rosterId: r.id, rows: tableFormations(d.roster).map(formationRow) };
    }
  } catch {
    // no roster yet: fall through to the starting set
  }
  const { pack } = await api.call('rulesets.get', { versionId: starting.rulesetVersionId });
  return {
    rosterId: null,
    rows: startingSetFormations(pack, starting.factionId).map(formationRow),
  };
}

function toOutcome(v: PostBattleForm, campaignId: string, mission: number, cryptids: readonly PackCryptid[]): BattleOutcome {
  const creature = cryptids.find((x) => x.id === v.cryptidId);
  const results = v.result === 'draw' ? (['draw', 'draw'] as const) : v.result === 'a' ? (['win', 'loss'] as const) : (['loss', 'win'] as const);
  return {
    mode: 'campaign',
    campaignId,
    mission,
    mutantsInScenario: v.mutantsInScenario,
    cryptid: v.cryptid ? { cryptidId: v.cryptidId, startingWounds: v.cryptidWounds, defeated: v.cryptidDefeated } : null,
    sides: v.sides.map((s, i) => ({
      playerId: s.playerId,
      rosterId: s.rosterId,
      result: results[i]!,
      mutantKills: s.mutantKills,
      victoryPoints: s.victoryPoints,
      formations: s.formations.map((f) => ({ ...f, cryptidWounds: v.cryptid ? f.cryptidWounds : 0 })),
      // the trophy is the defeated creature's own, from the pack (Field Manual §10), never a name typed in
      trophies:
        v.cryptid && v.cryptidDefeated && creature && s.trophyClaimed
          ? [
              {
                cryptidId: creature.id,
                trophyId: creature.trophy.id,
                trophyName: creature.trophy.name,
                formationId: s.trophyFormationId || s.formations[0]!.formationId,
                disposition: s.trophyDisposition,
              },
            ]
          : [],
      veteranSixesSpent: 0,
      cryptidDiceSpent: [],
    })) as unknown as BattleOutcome['sides'],
  };
}

/** Record a game played on paper: the same battle record Play Mode fills, then the same preview and Finish. */
export function PostBattlePage() {
  const { campaignId = '' } = useParams();
  const campaign = useApiQuery('campaigns.get', { id: campaignId });
  const [battleId] = useState(() => `paper-${crypto.randomUUID()}`);
  // the finish's idempotency key: a press sent again records nothing twice (league mode)
  const [requestId] = useState(() => crypto.randomUUID());
  const [preview, setPreview] = useState<FinishPreview | null>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const finish = useApiMutation('campaigns.finishMission');
  const form = useForm<PostBattleForm>();
  const [ready, setReady] = useState(false);
  // the players' fun and clarity, optional (null: skipped); recorded with the finish, in its transaction
  const [ratings, setRatings] = useState<RatingsDraft | null>(NO_RATINGS);
  // a battle of this mission is being played in Play Mode, and the organiser chose to record it here all the same
  const [recordAnyway, setRecordAnyway] = useState(false);

  useEffect(() => {
    const c = campaign.data;
    if (!c || ready) return;
    void (async () => {
      const sides = await Promise.all(
        c.seats.map(async (s) => {
          const f = await formationsFor(c.id, s.playerId, { rulesetVersionId: c.rulesetVersionId, factionId: s.factionId });
          return {
            playerId: s.playerId,
            playerName: s.playerName,
            rosterId: f.rosterId,
            mutantKills: 0,
            victoryPoints: 0,
            formations: f.rows,
            trophyClaimed: false,
            trophyFormationId: '',
            trophyDisposition: 'banked' as const,
          };
        }),
      );
      form.reset({
        result: 'a',
        mutantsInScenario: 9,
        cryptid: false,
        cryptidId: '',
        cryptidWounds: 15,
        cryptidDefeated: false,
        sides: sides as [SideForm, SideForm],
      });
      setReady(true);
    })();
  }, [campaign.data, ready, form]);

  const cryptid = useWatch({ control: form.control, name: 'cryptid' });
  const cryptidId = useWatch({ control: form.control, name: 'cryptidId' });
  const defeated = useWatch({ control: form.control, name: 'cryptidDefeated' });
  // the campaign's own pack: which cryptids there are, their Wounds by class, and the trophy each leaves
  const pack = useApiQuery('rulesets.get', { versionId: campaign.data?.rulesetVersionId }, { enabled: !!campaign.data });
  const cryptids = pack.data?.pack.cryptids ?? [];
  const creature = cryptids.find((x) => x.id === cryptidId);
  // any change to the record makes the shown preview stale
  useEffect(() => {
    const sub = form.watch(() => setPreview(null));
    return () => sub.unsubscribe();
  }, [form]);

  const c = campaign.data;
  // the page is named while it loads or cannot be used, as when it can
  const pending = (body: ReactNode) => (
    <>
      <PageHeader title="Record a mission" description={c?.name} />
      {body}
    </>
  );
  // recorded: what changed and where to go next (the campaign above has moved on to its next mission meanwhile)
  const done = finish.data;
  if (done)
    return (
      <>
        <PageHeader title={`Mission ${done.preview.mission} is in the ledger`} description={c?.name} />
        <Stack>
          {done.finishedElsewhere && (
            <Alert color="yellow" title="Finished by another organiser">
              Another organiser recorded this mission first; what they recorded is shown here, and nothing was recorded twice.
            </Alert>
          )}
          <Card withBorder>
            <Title order={2} size="h3" mb="sm">
              What changed
            </Title>
            <FinishPreviewPanel preview={done.preview} done />
          </Card>
          {c && (
            <Card withBorder>
              <FinishedRatings battleId={battleId} names={{ A: c.seats[0]!.playerName, B: c.seats[1]!.playerName }} />
            </Card>
          )}
          <FinishNextSteps preview={done.preview} />
        </Stack>
      </>
    );
  if (campaign.error) return pending(<ErrorAlert error={campaign.error} />);
  if (!c || !ready) return pending(<Text>Loading…</Text>);
  if (c.status !== 'active') return pending(<Alert title="Nothing to record">This campaign is {c.status}.</Alert>);

  const showPreview = form.handleSubmit(async (v) => {
    setPreviewError(null);
    try {
      setPreview(await api.call('campaigns.previewFinish', { battleId, outcome: toOutcome(v, c.id, c.currentMission, cryptids) }));
    } catch (e) {
      setPreviewError(e);
    }
  });
  const confirm = async () => {
    await finish.mutateAsync({
      battleId,
      outcome: toOutcome(form.getValues(), c.id, c.currentMission, cryptids),
      requestId,
      ratings: ratingsToSend(ratings),
    });
  };
  const names = c.seats.map((s) => s.playerName);
  const err = previewError ?? finish.error;

  return (
    <>
      <PageHeader title={`Record mission ${c.currentMission}`} description={`${c.name}: a game played on paper, entered after the battle.`} />
      <MissionInPlay campaignId={c.id} mission={c.currentMission} anyway={recordAnyway} onAnyway={() => setRecordAnyway(true)}>
        <form onSubmit={(e) => void showPreview(e)}>
          <Stack>
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
                    render={({ field }) => (
                      <Checkbox label="A cryptid appeared" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
                    )}
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
                            if (picked && pack.data)
                              form.setValue('cryptidWounds', startingWounds(pack.data.pack.cryptidRules, picked.class), { shouldDirty: true });
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
                      render={({ field }) => (
                        <Checkbox label="Cryptid defeated" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
                      )}
                    />
                  )}
                </Group>
              </Stack>
            </Card>
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {[0, 1].map((i) => (
                <SideCard
                  key={i}
                  index={i as 0 | 1}
                  control={form.control}
                  name={names[i]!}
                  cryptid={cryptid}
                  trophy={cryptid && defeated ? (creature?.trophy ?? null) : null}
                  error={err}
                  register={form.register}
                />
              ))}
            </SimpleGrid>
            <Card withBorder>
              <BattleRatingsForm names={{ A: names[0]!, B: names[1]! }} value={ratings} onChange={setRatings} error={finish.error} />
            </Card>
            <ErrorAlert error={err} />
            <Group>
              <Button type="submit" variant={preview ? 'default' : 'filled'}>
                Preview rewards
              </Button>
            </Group>
            {preview && (
              <Card withBorder>
                <Title order={2} size="h3" mb="sm">
                  Finish Mission & Upgrade Army
                </Title>
                <FinishPreviewPanel preview={preview} />
                <Group mt="md">
                  <Button onClick={() => void confirm()} loading={finish.isPending}>
                    Confirm and record
                  </Button>
                  <Text size="sm" c="dimmed">
                    Recorded once: pressing again changes nothing.
                  </Text>
                </Group>
              </Card>
            )}
          </Stack>
        </form>
      </MissionInPlay>
    </>
  );
}

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

function SideCard({
  index,
  control,
  name,
  cryptid,
  trophy,
  error,
  register,
}: {
  index: 0 | 1;
  control: Control<PostBattleForm>;
  name: string;
  cryptid: boolean;
  /** The defeated cryptid's trophy, when one lies at the corpse marker. */
  trophy: PackCryptid['trophy'] | null;
  error: unknown;
  register: ReturnType<typeof useForm<PostBattleForm>>['register'];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `sides.${index}.formations` });
  // an army from the Builder lists its own formations: the ledger keeps one line per roster formation, so none is added here
  const fromRoster = useWatch({ control, name: `sides.${index}.rosterId` }) !== null;
  // a formation recorded destroyed earns no cryptid credit and claims no trophy (formation-life.ts; checked again by Finish)
  const rows = useWatch({ control, name: `sides.${index}.formations` }) ?? [];
  const destroyed = (j: number) => rows[j]?.survivors === 0;
  const claimed = useWatch({ control, name: `sides.${index}.trophyClaimed` });
  const base = ['outcome', 'sides', index];
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
          error={serverFieldError(error, ...base, 'mutantKills')}
        />
        <Num control={control} name={`sides.${index}.victoryPoints`} label={`${name}: victory points`} min={0} max={200} />
      </Group>
      <Text size="sm" fw={500} mt="sm">
        Formations at battle end
      </Text>
      <Stack gap="xs">
        {fields.map((f, j) => (
          <Group key={f.id} align="flex-end" gap="xs" wrap="wrap">
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
              label={`${f.name}: survivors`}
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
                label={`${name} ${f.name}: cryptid Wounds`}
                min={0}
                max={200}
                disabled={destroyed(j)}
                description={destroyed(j) ? 'Destroyed: no cryptid credit' : undefined}
                error={serverFieldError(error, ...base, 'formations', j, 'cryptidWounds')}
              />
            )}
            {fields.length > 1 && (
              <Button variant="subtle" color="red" size="xs" onClick={() => remove(j)} aria-label={`Remove ${f.name}`}>
                Remove
              </Button>
            )}
          </Group>
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
      {trophy && (
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
                  data={rows.filter((_, j) => !destroyed(j)).map((r) => ({ value: r.formationId, label: r.name }))}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={serverFieldError(error, ...base, 'trophies', 0, 'formationId')}
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
      )}
    </Card>
  );
}

import { Button, Card, Checkbox, Group, List, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { BattleHook } from '../useBattle';
import { SIDE_TEXT, ACTION_COLOR } from '../labels';
import { ActionButton } from '../ActionButton';
import { Choice } from '../../../components/Choice';
import { missionVp } from '../../../../../src-shared/battle/victory-points';
import { missionVariantsOf } from '../../../../../src-shared/battle/mission';
import { isProvisional } from '../../../../../src-shared/ruleset/pack-facts';
import { ProvisionalMark } from '../../../components/ProvisionalMark';

/** 1. The scenario: the province (and its version of the mission, if it has one), the campaign game and a secondary objective. */
function ScenarioStep({ b }: { b: BattleHook }) {
  const { pack, act, rules } = b;
  const detail = b.battle.data!;
  const s = b.state!;
  const mission = b.mission ?? undefined;
  const [province, setProvince] = useState<string | null>(pack!.provinces[0]?.id ?? null);
  const [variant, setVariant] = useState<string>('');
  // the chosen province's own versions of this battle's mission (none for most)
  const variants = missionVariantsOf(rules!, province, detail.mission);
  const chosenVariant = variants.find((v) => v.id === variant);
  const worth = missionVp({ ...s, provinceId: province, missionVariantId: chosenVariant?.id ?? null }, rules!);
  const [game, setGame] = useState<string>(String(detail.mission ?? 1));
  const [secondary, setSecondary] = useState('');
  return (
    <Stack>
      <Text>1. Choose the scenario. {mission ? `Mission ${mission.number}: ${mission.name}.` : 'A standalone game.'}</Text>
      <Select
        label="Battlefield province"
        data={pack!.provinces.map((p) => ({ value: p.id, label: p.name }))}
        value={province}
        onChange={(p) => {
          setProvince(p);
          setVariant('');
        }}
        description="Decides which cryptids can appear."
      />
      {mission && variants.length > 0 && (
        <Select
          label="Mission"
          description={
            chosenVariant ? (
              <>
                {chosenVariant.briefing} {isProvisional(chosenVariant) && <ProvisionalMark what={chosenVariant.name} />}
              </>
            ) : (
              `This province has its own version of Mission ${mission.number}.`
            )
          }
          data={[
            { value: '', label: `Mission ${mission.number}: ${mission.name}, as written` },
            ...variants.map((v) => ({ value: v.id, label: `${v.name} (${pack!.provinces.find((p) => p.id === province)?.name}’s variant)` })),
          ]}
          value={variant}
          onChange={(v) => setVariant(v ?? '')}
          allowDeselect={false}
        />
      )}
      {detail.mission === null && <SegmentedControl aria-label="Campaign game" value={game} onChange={setGame} data={['1', '2', '3', '4', '5']} />}
      <TextInput
        label="Secondary objective (optional)"
        description={`Agreed by both players now; worth ${worth.secondary} VP to a side that achieves it`}
        placeholder="e.g. Hold the chapel ruins at the end of round 5"
        maxLength={200}
        value={secondary}
        onChange={(e) => setSecondary(e.currentTarget.value)}
      />
      <ActionButton
        disabled={!province}
        loading={act.isPending}
        onClick={() =>
          act.mutate({
            kind: 'record',
            body: {
              kind: 'setup.scenario',
              provinceId: province!,
              campaignGame: detail.mission ?? Number(game),
              secondary: secondary.trim() || null,
              variantId: chosenVariant?.id ?? null,
            },
          })
        }
      >
        Scenario chosen
      </ActionButton>
    </Stack>
  );
}

/** 2. Terrain and the objectives, three or (a large standalone game) five. */
function TerrainStep({ b, objectives, setObjectives }: { b: BattleHook; objectives: string; setObjectives: (n: string) => void }) {
  const { act } = b;
  const detail = b.battle.data!;
  return (
    <Stack>
      <Text>2. Place 8–12 pieces of terrain and the objective markers, each guarded by a patrol of three mutants.</Text>
      <Choice
        label="Objectives"
        value={objectives}
        onChange={setObjectives}
        disabled={detail.mode === 'campaign'}
        options={{ 3: '3 objectives', 5: '5 objectives (large game)' }}
      />
      <ActionButton
        loading={act.isPending}
        onClick={() =>
          act.mutate({
            kind: 'record',
            body: { kind: 'setup.terrain', objectives: Number(objectives) as 3 | 5 },
          })
        }
      >
        Terrain and objectives placed
      </ActionButton>
    </Stack>
  );
}

/** 4 and 5. The roll-off's result, each side's formations, and which eligible patrols stay in reserve. */
function DeploymentStep({ b }: { b: BattleHook }) {
  const { act } = b;
  const detail = b.battle.data!;
  const s = b.state!;
  const [reserves, setReserves] = useState<{ A: string[]; B: string[] }>({
    A: [],
    B: [],
  });
  return (
    <Stack>
      <Text>
        Roll-off: {s.deploymentRolls.map(([x, y]) => `${x}–${y}`).join(', then ')}.{' '}
        <Text span fw={700} c={SIDE_TEXT[s.deploymentWinner!]}>
          {detail.setup.sides[s.deploymentWinner === 'A' ? 0 : 1].playerName} chooses the deployment edge.
        </Text>
      </Text>
      <Text>4. Deploy one formation at a time, alternating. 5. Eligible Skirmisher patrols may stay in reserve to Uncloak from round two.</Text>
      <Group align="flex-start" grow>
        {(['A', 'B'] as const).map((side) => (
          <Stack key={side} gap={4}>
            <Text fw={700} c={SIDE_TEXT[side]}>
              {detail.setup.sides[side === 'A' ? 0 : 1].playerName}
            </Text>
            <List size="sm">
              {detail.setup.sides[side === 'A' ? 0 : 1].formations.map((f) => (
                <List.Item key={f.id}>
                  {f.reserveEligible ? (
                    <Checkbox
                      // the label says what ticking does, and the line below what the patrol is now, so neither is read for the other
                      label={`Hold ${f.name} in reserve`}
                      description={reserves[side].includes(f.id) ? 'Held in reserve: Uncloaks from round two' : 'Deployed on the table'}
                      checked={reserves[side].includes(f.id)}
                      onChange={(e) =>
                        setReserves((r) => ({
                          ...r,
                          [side]: e.currentTarget.checked ? [...r[side], f.id] : r[side].filter((x) => x !== f.id),
                        }))
                      }
                    />
                  ) : (
                    f.name
                  )}
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </Group>
      <ActionButton loading={act.isPending} onClick={() => act.mutate({ kind: 'record', body: { kind: 'setup.deployed', reserves } })}>
        Deployed: start round 1
      </ActionButton>
    </Stack>
  );
}

/** The setup steps in order (Field Manual §3): scenario, terrain and objectives, the deployment roll-off, deployment and reserves. */
export function SetupPanel({ b }: { b: BattleHook }) {
  const { act } = b;
  const s = b.state!;
  // the objectives the mission asks for, as it read when the setup opened
  const [objectives, setObjectives] = useState<string>(String(b.mission?.objectives ?? 3));
  return (
    <Card withBorder padding="lg" aria-label="Setup" component="section">
      <Title order={2} size="h3" mb="md">
        Setup
      </Title>
      {s.phase === 'scenario' && <ScenarioStep b={b} />}
      {s.phase === 'terrain' && <TerrainStep b={b} objectives={objectives} setObjectives={setObjectives} />}
      {s.phase === 'rolloff' && (
        <Stack>
          <Text>3. Roll off for deployment edges: the higher roll chooses, ties roll again.</Text>
          <Button color={ACTION_COLOR} size="xl" loading={act.isPending} onClick={() => act.mutate({ kind: 'deployment-rolloff' })}>
            Roll off
          </Button>
        </Stack>
      )}
      {s.phase === 'deployment' && <DeploymentStep b={b} />}
    </Card>
  );
}

import { Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { formationsThatMay } from '../../../../../src-shared/battle/formation-life';
import { PanelCard } from '../../../components/PanelCard';
import { citeFieldManual } from '../../../../../src-shared/naming';
import { useState } from 'react';
import { abilityRefusal, formationAbilities, TRACKED_ABILITIES, intercessionSplit } from '../../../../../src-shared/battle/abilities';
import type { Side } from '../../../../../src-shared/battle/setup';
import type { BattleHook } from '../useBattle';

/**
 * Limited unit abilities (Clockwork Overdrive, Rift Shock, Field Repairs):
 * each offers a Use button only while it may be used, its own activation
 * or its trigger, and says why not otherwise; once spent it says when.
 */
export function AbilitiesPanel({ b }: { b: BattleHook }) {
  const s = b.state!;
  const detail = b.battle.data!;
  const rows = (['A', 'B'] as const).flatMap((side) =>
    // a formation that can no longer use an ability (destroyed, gone, the battle over) is not offered one (formation-life.ts)
    formationsThatMay(s, side, 'use-ability').flatMap((f) => formationAbilities(s, side, f.id).map((abilityId) => ({ side, f, abilityId }))),
  );
  if (rows.length === 0 || s.round < 1) return null;
  const player = (side: Side) => detail.setup.sides[side === 'A' ? 0 : 1].playerName;
  return (
    <PanelCard label="Unit abilities" title="Unit abilities">
      <Stack gap="sm">
        {rows.map(({ side, f, abilityId }) => (
          <AbilityRow key={`${f.id}:${abilityId}`} b={b} side={side} formationId={f.id} abilityId={abilityId} label={`${f.name} (${player(side)})`} />
        ))}
      </Stack>
    </PanelCard>
  );
}

function AbilityRow(props: { b: BattleHook; side: Side; formationId: string; abilityId: string; label: string }) {
  const { b, side, formationId, abilityId } = props;
  const s = b.state!;
  const ability = TRACKED_ABILITIES[abilityId]!;
  const [moved, setMoved] = useState(false);
  const [lost, setLost] = useState<number | string>(1);
  const [own, setOwn] = useState<number | string>('');
  const repairs = abilityId === 'field-repairs';
  const intercession = abilityId === 'intercession';
  const [within, setWithin] = useState(true);
  const [left, setLeft] = useState<number | string>(1);
  const [unsaved, setUnsaved] = useState<number | string>(1);
  // the engine splits the Wounds, and the form shows its answer before it is recorded
  const split = intercession ? intercessionSplit(Number(unsaved) || 0, Number(left) || 0) : null;
  const refusal = abilityRefusal(s, {
    side,
    formationId,
    abilityId,
    moved: repairs ? moved : undefined,
    woundsLost: repairs ? Number(lost) || 0 : undefined,
    withinRange: intercession ? within : undefined,
    woundsLeft: intercession ? Number(left) || 0 : undefined,
  });
  // the moment has come when only the players' answers (Field Repairs, Intercession) stand in the way
  const itsMoment =
    repairs || intercession
      ? abilityRefusal(s, { side, formationId, abilityId, moved: false, woundsLost: 1, withinRange: true, woundsLeft: 1 }) === null
      : refusal === null;
  const name = `${ability.name}: ${props.label}`;
  return (
    <Stack gap={4} role="group" aria-label={name}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        Once per {ability.per}, {ability.trigger}.
      </Text>
      {itsMoment ? (
        <Group align="flex-end" gap="sm">
          {repairs && (
            <>
              <Checkbox label="It moved this activation" checked={moved} onChange={(e) => setMoved(e.currentTarget.checked)} />
              <NumberInput size="xs" w={110} label="Wounds lost" min={0} max={20} value={lost} onChange={setLost} />
              <NumberInput size="xs" w={130} label="D6 rolled (optional)" min={1} max={6} value={own} onChange={setOwn} />
            </>
          )}
          {intercession && (
            <>
              <Checkbox label='The wounded Core fighter is within 3"' checked={within} onChange={(e) => setWithin(e.currentTarget.checked)} />
              <NumberInput size="xs" w={150} label="Sacristan’s Wounds left" min={0} max={20} value={left} onChange={setLeft} />
              <NumberInput size="xs" w={150} label="Unsaved Wounds on the fighter" min={1} max={50} value={unsaved} onChange={setUnsaved} />
              {split && (
                <Text size="xs" data-testid="intercession-split">
                  The Sacristan takes {split.sacristan}, the fighter {split.fighter}.
                </Text>
              )}
            </>
          )}
          <Button
            size="sm"
            disabled={refusal !== null}
            loading={b.act.isPending}
            onClick={() =>
              b.act.mutate({
                kind: 'use-ability',
                side,
                formationId,
                abilityId,
                moved,
                woundsLost: repairs ? Number(lost) || 0 : 0,
                roll: repairs && own !== '' ? Number(own) : null,
                ...(intercession ? { withinRange: within, woundsLeft: Number(left) || 0, unsavedWounds: Math.max(1, Number(unsaved) || 1) } : {}),
              })
            }
          >
            Use {ability.name}
          </Button>
        </Group>
      ) : null}
      {refusal && (
        <Text size="xs" data-testid="ability-refusal">
          {citeFieldManual(refusal)}
        </Text>
      )}
    </Stack>
  );
}

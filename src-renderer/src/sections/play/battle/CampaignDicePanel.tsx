import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { PanelCard } from '../../../components/PanelCard';
import { useState } from 'react';
import type { Side } from '../../../../../src-shared/battle/setup';
import { veteranSixesLeft } from '../../../../../src-shared/battle/veteran-sixes';
import { citeFieldManual } from '../../../../../src-shared/naming';
import { veteranSixOffer, SpendVeteranSix } from './VeteranSixControl';
import { useSideInventory } from '../battle-reads';
import { ACTION_COLOR, SIDE_TEXT } from '../labels';
import type { BattleHook } from '../useBattle';

/**
 * What each player brings from the campaign: Veteran Sixes per formation and
 * Cryptid Dice (one-use rerolls, never of a natural 1). Spending a die here
 * records it; Finish then takes it out of the campaign.
 */
export function CampaignDicePanel({ b }: { b: BattleHook }) {
  const detail = b.battle.data!;
  if (detail.mode !== 'campaign' || !detail.campaignId) return null;
  return (
    <PanelCard label="Campaign dice" title="Veteran Sixes and Cryptid Dice">
      <Stack gap="sm">
        {(['A', 'B'] as const).map((side) => (
          <SideDice key={side} b={b} side={side} />
        ))}
      </Stack>
    </PanelCard>
  );
}

function SideDice({ b, side }: { b: BattleHook; side: Side }) {
  const setup = b.battle.data!.setup.sides[side === 'A' ? 0 : 1];
  const inv = useSideInventory(b, side);
  const [die, setDie] = useState<string | null>(null);
  const spent = b.state!.sides[side].cryptidDiceSpent;
  // what earlier missions left in the bank: a leftover battle of a mission recorded meanwhile is not offered what that
  // very mission earned or banked
  const mission = b.battle.data!.mission;
  const earlier = (m: number | null) => m === null || mission === null || m < mission;
  const dice = (inv?.inventory.cryptidDice ?? []).filter((d) => !spent.includes(d.id) && earlier(d.mission));
  // what each formation brought to this battle from its rank, less what it has spent (Field Manual §11)
  const sixes = setup.formations
    .filter((f) => (f.veteranSixes ?? 0) > 0)
    .map((f) => ({ id: f.id, name: f.name, of: f.veteranSixes!, left: veteranSixesLeft(b.state!, side, f.id).usable ?? 0 }));
  // a battle over (its last round ended, or finished) offers no die to spend
  const open = b.recording && b.state!.round > 0;
  // a Cryptid Die rerolls a failed roll against a cryptid: only while one is on the table (DIGEST 13.13)
  const cryptidHere = !!b.state!.cryptid && !b.state!.cryptid.defeated;
  const earningOnly = b.battle.data!.options.cryptidDieUse === 'earning-formation';
  const chosen = dice.find((d) => d.id === die);
  return (
    <Stack gap={4}>
      <Text fw={700} c={SIDE_TEXT[side]}>
        {setup.playerName}
      </Text>
      <Text size="sm">
        Veteran Sixes left this battle{sixes.length ? ' (at most one per formation activation; declare it before rolling the pool):' : ': none.'}
      </Text>
      {sixes.map((f) => (
        <SixRow key={f.id} b={b} side={side} formationId={f.id} label={`${f.name} ${f.left} of ${f.of}`} open={open} />
      ))}
      {dice.length > 0 && open ? (
        <Group align="flex-end">
          <Select
            label={`${setup.playerName}: Cryptid Die`}
            data={dice.map((d) => ({ value: d.id, label: `earned by ${d.formationName} (mission ${d.mission})` }))}
            value={die}
            onChange={setDie}
          />
          <Button
            color={ACTION_COLOR}
            disabled={!die || !open || !cryptidHere}
            onClick={() =>
              b.act.mutate(
                {
                  kind: 'record',
                  body: { kind: 'record.cryptidDie', side, dieId: die!, ...(earningOnly && chosen ? { formationId: chosen.formationId } : {}) },
                },
                { onSuccess: () => setDie(null) },
              )
            }
          >
            Spend the die
          </Button>
        </Group>
      ) : null}
      {dice.length > 0 && !open && b.state!.round > 0 && <Text size="sm">The battle is over: no Cryptid Die to spend.</Text>}
      {dice.length > 0 && open && !cryptidHere && (
        <Text size="sm" data-testid="cryptid-die-when">
          Spend a Cryptid Die while a cryptid is on the table: it rerolls a failed roll against it.
        </Text>
      )}
      {dice.length > 0 && earningOnly && <Text size="sm">Under this campaign’s ruling only the formation that earned a die may use it.</Text>}
      {dice.length > 0 ? null : <Text size="sm">No Cryptid Dice to spend{spent.length ? ` (${spent.length} spent this battle)` : ''}.</Text>}
      <BankedTrophies b={b} side={side} banked={inv?.inventory.trophies.filter((t) => t.status === 'banked' && earlier(t.mission)) ?? []} open={open} />
    </Stack>
  );
}

/**
 * Trophies banked in earlier missions (Field Manual §10: "use the trophy once
 * now or retain it for the campaign"): each can be used once in this battle;
 * Finish then takes it out of the bank.
 */
function BankedTrophies({ b, side, banked, open }: { b: BattleHook; side: Side; banked: { trophyId: string; name: string }[]; open: boolean }) {
  const used = b.state!.sides[side].bankedTrophiesUsed;
  const name = b.battle.data!.setup.sides[side === 'A' ? 0 : 1].playerName;
  if (!banked.length) return <Text size="sm">No banked trophies.</Text>;
  // what each trophy does, as the battle's pack words it (its cryptid's trophy); none when the pack no longer has it
  const effectOf = (trophyId: string) => b.pack?.cryptids.find((c) => c.trophy.id === trophyId)?.trophy.effect ?? null;
  return (
    <Stack gap={4} aria-label={`${name}: banked trophies`} role="group">
      <Text size="sm">Banked trophies:</Text>
      {banked.map((t) => {
        const done = used.some((u) => u.trophyId === t.trophyId);
        const effect = effectOf(t.trophyId);
        return (
          <Group key={t.trophyId} gap="xs" wrap="nowrap" align="flex-start">
            <Button
              size="xs"
              variant="default"
              disabled={done || !open}
              loading={b.act.isPending}
              style={{ flexShrink: 0 }}
              onClick={() => b.act.mutate({ kind: 'record', body: { kind: 'record.trophyUsed', side, trophyId: t.trophyId, trophyName: t.name } })}
            >
              {done ? `${t.name}: used in this battle` : `Use ${t.name} now`}
            </Button>
            <Text size="sm" data-testid="trophy-effect">
              {effect ?? 'Its effect is not in this battle’s ruleset.'}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * One formation's Veteran Sixes with its Use button beside the count, offered
 * only while it may spend one now (formation-life.ts, then veteran-sixes.ts);
 * otherwise why not, in the words the backend refuses with.
 */
function SixRow({ b, side, formationId, label, open }: { b: BattleHook; side: Side; formationId: string; label: string; open: boolean }) {
  const refusal = veteranSixOffer(b.state!, side, formationId);
  return (
    <Group gap="xs" role="group" aria-label={`Veteran Sixes: ${label}`} wrap="wrap">
      <Text size="sm" fw={600} miw={120}>
        {label}
      </Text>
      {open && refusal === null && !b.mayChooseFor(side) ? (
        <Text size="xs">Spent on {b.battle.data!.setup.sides[side === 'A' ? 0 : 1].playerName}’s phone.</Text>
      ) : open && refusal === null ? (
        <SpendVeteranSix
          poolLabel={`Pool for ${label}`}
          useLabel="Use"
          size="xs"
          pending={b.act.isPending}
          onUse={(pool) => b.act.mutate({ kind: 'record', body: { kind: 'record.veteranSix', side, formationId, pool, replacing: null } })}
        />
      ) : open && refusal ? (
        <Text size="xs" data-testid="six-row-refusal">
          {citeFieldManual(refusal)}
        </Text>
      ) : null}
    </Group>
  );
}

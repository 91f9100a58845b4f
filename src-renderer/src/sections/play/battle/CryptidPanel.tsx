import { Badge, Button, Card, Group, NumberInput, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { formationsThatMay } from '../../../../../src-shared/battle/formation-life';
import { cryptidTurn } from '../../../../../src-shared/battle/cryptid';
import { counted } from '../../../../../src-shared/naming';
import { useState } from 'react';
import type { Side } from '../../../../../src-shared/battle/setup';
import type { BattleHook } from '../useBattle';
import { SIDE_TEXT, ACTION_COLOR } from '../labels';
import { FormationSelect, SideControl } from './SidePickers';
import { ChoiceSelect } from '../../../components/Choice';
import { plus, ProvisionalMark } from '../../../components/ProvisionalMark';
import { profileIsProvisional } from '../../../../../src-shared/odds/pack-choices';

/**
 * The panel's form, kept while the panel stays open (the wound form hides during the cryptid's own turn and comes
 * back as it was): the side and formation are shared by the wounds and the trophy claim.
 */
function useCryptidForm() {
  const [engaged, setEngaged] = useState(false);
  const [side, setSide] = useState<Side>('A');
  const [formation, setFormation] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>(1);
  const [attack, setAttack] = useState<'ranged' | 'melee' | 'explosion' | 'other'>('ranged');
  // storm, Chaotic Instability and other damage no company is credited with (AMB-04): it counts for Enraged only
  const [uncredited, setUncredited] = useState(false);
  return { engaged, setEngaged, side, setSide, formation, setFormation, amount, setAmount, attack, setAttack, uncredited, setUncredited };
}
type CryptidForm = ReturnType<typeof useCryptidForm>;
type Cryptid = NonNullable<NonNullable<BattleHook['state']>['cryptid']>;
type CryptidCard = NonNullable<BattleHook['pack']>['cryptids'][number];

function CryptidTitle({ c, b }: { c: Cryptid; b: BattleHook }) {
  const pack = b.pack!;
  return (
    <Group justify="space-between" mb="xs">
      <Group gap="xs">
        <Title order={2} size="h3">
          {c.name}
        </Title>
        {profileIsProvisional(pack.cryptids.find((x) => x.id === c.cryptidId)) && <ProvisionalMark what={`${c.name}’s profile`} />}
      </Group>
      <Group gap="xs">
        {c.enraged && (
          <Badge color="red" size="lg">
            Enraged: +{pack.cryptidRules.enragedExtraAttacks} melee Attack
          </Badge>
        )}
        {c.defeated && (
          <Badge color="gray" size="lg">
            Defeated
          </Badge>
        )}
      </Group>
    </Group>
  );
}

/** The cryptid's own turn: engaged or not, then what it did this round. */
function CryptidTurn({ c, card, b, f, name }: { c: Cryptid; card: CryptidCard | undefined; b: BattleHook; f: CryptidForm; name: (sd: Side) => string }) {
  const s = b.state!;
  const pack = b.pack!;
  const behaviour = c.lastBehaviourId ? pack.cryptidRules.behaviour.find((x) => x.id === c.lastBehaviourId) : undefined;
  return (
    <>
      {s.phase === 'cryptid' && (
        <Stack mb="md">
          <Switch
            size="lg"
            label="The cryptid is engaged in melee (no target or behaviour roll; it attacks first)"
            checked={f.engaged}
            onChange={(e) => f.setEngaged(e.currentTarget.checked)}
          />
          <Button color={ACTION_COLOR} size="xl" loading={b.act.isPending} onClick={() => b.act.mutate({ kind: 'cryptid-act', engaged: f.engaged })}>
            {f.engaged ? 'It attacks first in its combat' : 'Roll its target and behaviour'}
          </Button>
        </Stack>
      )}
      {c.actedRound === s.round && (
        <Text size="lg" mb="md" role="status">
          {c.strikesFirst
            ? strikesFirstLine(cryptidTurn(true, c, card?.profile?.A ?? null, pack.cryptidRules.enragedExtraAttacks).attacks)
            : `Target: ${name(c.lastTarget!)} (lower roll). Behaviour: ${behaviour?.name ?? c.lastBehaviourId} (move ${behaviour?.move ?? ''}) – ${behaviour?.text ?? ''}`}
        </Text>
      )}
    </>
  );
}

/** Wounds dealt to the cryptid, by a formation or by a source no company is credited with. */
function WoundsForm({ b, f, name }: { b: BattleHook; f: CryptidForm; name: (sd: Side) => string }) {
  const s = b.state!;
  const { act } = b;
  return (
    <Stack gap="xs">
      <Text fw={600}>Wounds dealt to it (after every reduction)</Text>
      <Switch
        label="From the storm, Chaotic Instability or another source no company is credited with"
        checked={f.uncredited}
        onChange={(e) => f.setUncredited(e.currentTarget.checked)}
      />
      {!f.uncredited && (
        <Group grow align="flex-end">
          <SideControl label="Side that wounded the cryptid" value={f.side} onChange={f.setSide} name={name} />
          <FormationSelect formations={formationsThatMay(s, f.side, 'credit-cryptid')} value={f.formation} onChange={f.setFormation} />
        </Group>
      )}
      <Group grow align="flex-end">
        {!f.uncredited && (
          <ChoiceSelect
            label="How"
            options={{ ranged: 'Ranged', melee: 'Melee', explosion: 'Heavy explosion', other: 'Other' }}
            value={f.attack}
            onChange={f.setAttack}
          />
        )}
        <NumberInput label="Wounds" min={1} max={100} value={f.amount} onChange={f.setAmount} />
        <Button
          color={ACTION_COLOR}
          disabled={(!f.formation && !f.uncredited) || f.amount === ''}
          onClick={() =>
            act.mutate(
              {
                kind: 'record',
                body: f.uncredited
                  ? { kind: 'cryptid.wound', side: null, formationId: null, attack: 'other', amount: Number(f.amount) }
                  : { kind: 'cryptid.wound', side: f.side, formationId: f.formation!, attack: f.attack, amount: Number(f.amount) },
              },
              // on a phone the form forgets what it sent (issue 42): a second tap a moment later has no Wounds to record
              {
                onSuccess: () => {
                  if (b.access !== 'table') return;
                  f.setFormation(null);
                  f.setAmount('');
                },
              },
            )
          }
        >
          Record wounds
        </Button>
      </Group>
    </Stack>
  );
}

/** The defeated cryptid's trophy: what it does, and which fighter claimed it. */
function TrophyClaim({ card, b, f, name }: { card: CryptidCard | undefined; b: BattleHook; f: CryptidForm; name: (sd: Side) => string }) {
  const s = b.state!;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {card ? `${card.trophy.name} lies at the corpse marker: which fighter claimed it?` : 'The trophy lies at the corpse marker: which fighter claimed it?'}
      </Text>
      {card && (
        <Text size="sm" data-testid="trophy-claim-effect">
          {card.trophy.effect}
          {card.trophy.oneUse ? ' Used once, then spent.' : ''} Claimed, it is banked for a later mission.
        </Text>
      )}
      <Group grow align="flex-end">
        <SideControl label="Side that claimed the trophy" value={f.side} onChange={f.setSide} name={name} />
        <FormationSelect formations={formationsThatMay(s, f.side, 'claim-trophy')} value={f.formation} onChange={f.setFormation} />
        <Button
          color={ACTION_COLOR}
          disabled={!f.formation}
          onClick={() => b.act.mutate({ kind: 'record', body: { kind: 'cryptid.trophy', side: f.side, formationId: f.formation!, disposition: 'banked' } })}
        >
          Claimed (banked)
        </Button>
      </Group>
    </Stack>
  );
}

/** The cryptid's turn before the activations, its Wounds and Enraged state, wounds dealt to it and its trophy. */
export function CryptidPanel({ b }: { b: BattleHook }) {
  const { state, pack, battle } = b;
  const s = state!;
  const c = s.cryptid;
  const detail = battle.data!;
  const f = useCryptidForm();
  const name = (sd: Side) => detail.setup.sides[sd === 'A' ? 0 : 1].playerName;
  const entry = c ? (pack!.cryptidRules.entry.find((x) => x.id === c.entryId)?.name ?? c.entryId) : '';
  if (!c) return null;
  const card = pack!.cryptids.find((x) => x.id === c.cryptidId);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Cryptid">
      <CryptidTitle c={c} b={b} />
      <Text size="sm" mb="xs">
        Entered at: {entry}
        {/left|right/i.test(entry) ? ` as ${name(s.deploymentWinner ?? 'A')}, who won the deployment roll-off, sees the table` : ''} (event{' '}
        {s.event.d20 === null ? 'guaranteed' : `D20 ${s.event.d20}`}). Wounds {c.remaining} of {c.startingWounds}.
      </Text>
      <CryptidStatLine profile={card?.profile} enragedAttacks={c.enraged ? pack!.cryptidRules.enragedExtraAttacks : 0} />
      <Progress value={(100 * c.remaining) / c.startingWounds} color={c.enraged ? 'red' : 'teal'} aria-label="Cryptid Wounds left" mb="md" />
      <CryptidTurn c={c} card={card} b={b} f={f} name={name} />
      {!c.defeated && s.phase !== 'cryptid' && <WoundsForm b={b} f={f} name={name} />}
      {c.defeated && !c.trophyClaimedBy && <TrophyClaim card={card} b={b} f={f} name={name} />}
      {c.trophyClaimedBy && (
        <Text c={SIDE_TEXT[c.trophyClaimedBy]} fw={600}>
          {card ? card.trophy.name : 'Trophy'} claimed by {name(c.trophyClaimedBy)}.
        </Text>
      )}
    </Card>
  );
}

/** The cryptid's stat card as the Bestiary prints it, its Attacks raised while it is Enraged. */
function CryptidStatLine({
  profile,
  enragedAttacks,
}: {
  profile?: { M: number; Hit: number; T: number; Save: number; A: number; F: number; D: number };
  enragedAttacks: number;
}) {
  if (!profile) return null;
  const stats: [string, string][] = [
    ['Move', `${profile.M}"`],
    ['Hit', plus(profile.Hit)],
    ['Toughness', String(profile.T)],
    ['Save', plus(profile.Save)],
    ['Attacks', enragedAttacks ? `${profile.A} + ${enragedAttacks}` : String(profile.A)],
    ['Force', String(profile.F)],
    ['Damage', String(profile.D)],
  ];
  return (
    <Group gap="xs" mb="xs" aria-label="Stat card" role="group">
      {stats.map(([label, value]) => (
        <Badge key={label} variant="light" color="dark" size="lg" style={{ textTransform: 'none' }}>
          {label} {value}
        </Badge>
      ))}
    </Group>
  );
}

/** The engaged cryptid's turn in the table's words: it strikes first, with how many attacks when its profile says. */
function strikesFirstLine(attacks: number | null): string {
  return `Engaged: it strikes first in its combat${attacks === null ? ', with its listed attacks' : ` with ${counted(attacks, 'attack')}`}, before the fighters it is fighting.`;
}

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

/** The cryptid's turn before the activations, its Wounds and Enraged state, wounds dealt to it and its trophy. */
export function CryptidPanel({ b }: { b: BattleHook }) {
  const { state, pack, battle, act } = b;
  const s = state!;
  const c = s.cryptid;
  const detail = battle.data!;
  const [engaged, setEngaged] = useState(false);
  const [side, setSide] = useState<Side>('A');
  const [formation, setFormation] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>(1);
  const [attack, setAttack] = useState<'ranged' | 'melee' | 'explosion' | 'other'>('ranged');
  // storm, Chaotic Instability and other damage no company is credited with (AMB-04): it counts for Enraged only
  const [uncredited, setUncredited] = useState(false);
  const name = (sd: Side) => detail.setup.sides[sd === 'A' ? 0 : 1].playerName;
  const behaviour = c?.lastBehaviourId ? pack!.cryptidRules.behaviour.find((x) => x.id === c.lastBehaviourId) : undefined;
  const entry = c ? (pack!.cryptidRules.entry.find((x) => x.id === c.entryId)?.name ?? c.entryId) : '';
  if (!c) return null;
  const card = pack!.cryptids.find((x) => x.id === c.cryptidId);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Cryptid">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={2} size="h3">
            {c.name}
          </Title>
          {profileIsProvisional(pack!.cryptids.find((x) => x.id === c.cryptidId)) && <ProvisionalMark what={`${c.name}’s profile`} />}
        </Group>
        <Group gap="xs">
          {c.enraged && (
            <Badge color="red" size="lg">
              Enraged: +{pack!.cryptidRules.enragedExtraAttacks} melee Attack
            </Badge>
          )}
          {c.defeated && (
            <Badge color="gray" size="lg">
              Defeated
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" mb="xs">
        Entered at: {entry}
        {/left|right/i.test(entry) ? ` as ${name(s.deploymentWinner ?? 'A')}, who won the deployment roll-off, sees the table` : ''} (event{' '}
        {s.event.d20 === null ? 'guaranteed' : `D20 ${s.event.d20}`}). Wounds {c.remaining} of {c.startingWounds}.
      </Text>
      <CryptidStatLine profile={card?.profile} enragedAttacks={c.enraged ? pack!.cryptidRules.enragedExtraAttacks : 0} />
      <Progress value={(100 * c.remaining) / c.startingWounds} color={c.enraged ? 'red' : 'teal'} aria-label="Cryptid Wounds left" mb="md" />
      {s.phase === 'cryptid' && (
        <Stack mb="md">
          <Switch
            size="lg"
            label="The cryptid is engaged in melee (no target or behaviour roll; it attacks first)"
            checked={engaged}
            onChange={(e) => setEngaged(e.currentTarget.checked)}
          />
          <Button color={ACTION_COLOR} size="xl" loading={act.isPending} onClick={() => act.mutate({ kind: 'cryptid-act', engaged })}>
            {engaged ? 'It attacks first in its combat' : 'Roll its target and behaviour'}
          </Button>
        </Stack>
      )}
      {c.actedRound === s.round && (
        <Text size="lg" mb="md" role="status">
          {c.strikesFirst
            ? strikesFirstLine(cryptidTurn(true, c, card?.profile?.A ?? null, pack!.cryptidRules.enragedExtraAttacks).attacks)
            : `Target: ${name(c.lastTarget!)} (lower roll). Behaviour: ${behaviour?.name ?? c.lastBehaviourId} (move ${behaviour?.move ?? ''}) – ${behaviour?.text ?? ''}`}
        </Text>
      )}
      {!c.defeated && s.phase !== 'cryptid' && (
        <Stack gap="xs">
          <Text fw={600}>Wounds dealt to it (after every reduction)</Text>
          <Switch
            label="From the storm, Chaotic Instability or another source no company is credited with"
            checked={uncredited}
            onChange={(e) => setUncredited(e.currentTarget.checked)}
          />
          {!uncredited && (
            <Group grow align="flex-end">
              <SideControl label="Side that wounded the cryptid" value={side} onChange={setSide} name={name} />
              <FormationSelect formations={formationsThatMay(s, side, 'credit-cryptid')} value={formation} onChange={setFormation} />
            </Group>
          )}
          <Group grow align="flex-end">
            {!uncredited && (
              <ChoiceSelect
                label="How"
                options={{ ranged: 'Ranged', melee: 'Melee', explosion: 'Heavy explosion', other: 'Other' }}
                value={attack}
                onChange={setAttack}
              />
            )}
            <NumberInput label="Wounds" min={1} max={100} value={amount} onChange={setAmount} />
            <Button
              color={ACTION_COLOR}
              disabled={(!formation && !uncredited) || amount === ''}
              onClick={() =>
                act.mutate(
                  {
                    kind: 'record',
                    body: uncredited
                      ? { kind: 'cryptid.wound', side: null, formationId: null, attack: 'other', amount: Number(amount) }
                      : { kind: 'cryptid.wound', side, formationId: formation!, attack, amount: Number(amount) },
                  },
                  // on a phone the form forgets what it sent (issue 42): a second tap a moment later has no Wounds to record
                  {
                    onSuccess: () => {
                      if (b.access !== 'table') return;
                      setFormation(null);
                      setAmount('');
                    },
                  },
                )
              }
            >
              Record wounds
            </Button>
          </Group>
        </Stack>
      )}
      {c.defeated && !c.trophyClaimedBy && (
        <Stack gap="xs">
          <Text fw={600}>
            {card
              ? `${card.trophy.name} lies at the corpse marker: which fighter claimed it?`
              : 'The trophy lies at the corpse marker: which fighter claimed it?'}
          </Text>
          {card && (
            <Text size="sm" data-testid="trophy-claim-effect">
              {card.trophy.effect}
              {card.trophy.oneUse ? ' Used once, then spent.' : ''} Claimed, it is banked for a later mission.
            </Text>
          )}
          <Group grow align="flex-end">
            <SideControl label="Side that claimed the trophy" value={side} onChange={setSide} name={name} />
            <FormationSelect formations={formationsThatMay(s, side, 'claim-trophy')} value={formation} onChange={setFormation} />
            <Button
              color={ACTION_COLOR}
              disabled={!formation}
              onClick={() => act.mutate({ kind: 'record', body: { kind: 'cryptid.trophy', side, formationId: formation!, disposition: 'banked' } })}
            >
              Claimed (banked)
            </Button>
          </Group>
        </Stack>
      )}
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

import { Badge, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formationsThatMay } from '../../../../../src-shared/battle/formation-life';
import { citeFieldManual } from '../../../../../src-shared/naming';
import { useState } from 'react';
import type { Side } from '../../../../../src-shared/battle/setup';
import { captainAbilityRefusal } from '../../../../../src-shared/battle/captain-abilities';
import { orderReachRefusal, relayOfficers } from '../../../../../src-shared/battle/order-reach';
import type { BattleHook } from '../useBattle';
import { SIDE_COLOR, SIDE_TEXT, ACTION_COLOR } from '../labels';
import { WRAPPING_LABEL } from './FormationChoiceButton';

/** Command Phase: signature abilities first, then up to two orders per player to separate formations. */
export function CommandPanel({ b }: { b: BattleHook }) {
  const { state, pack, battle, act } = b;
  const detail = battle.data!;
  const s = state!;
  return (
    <Card withBorder padding="lg" component="section" aria-label="Command Phase">
      <Title order={2} size="h3" mb="xs">
        Command Phase
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Signature abilities are declared before any order (once per battle). Then each player gives up to two orders, each to a different formation.
      </Text>
      {/* side by side, one above the other on a phone */}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['A', 'B'] as const).map((side) => (
          <SideCommand key={side} side={side} b={b} />
        ))}
      </SimpleGrid>
      {s.rounds[s.rounds.length - 1]?.abilityRolloff && (
        <Text mt="sm">
          Both Captains declared: roll-off {s.rounds[s.rounds.length - 1]!.abilityRolloff!.rolls.map(([x, y]) => `${x}–${y}`).join(', ')};{' '}
          {detail.setup.sides[s.rounds[s.rounds.length - 1]!.abilityRolloff!.first === 'A' ? 0 : 1].playerName} declares first.
        </Text>
      )}
      <Button
        color={ACTION_COLOR}
        mt="md"
        size="xl"
        fullWidth
        loading={act.isPending}
        onClick={() => act.mutate({ kind: 'record', body: { kind: 'command.done' } })}
      >
        Command Phase done
        {s.round === pack!.environmentEvent.round && !s.event.resolved
          ? ': the round-two event'
          : detail.activation === 'alternating'
            ? ': alternate activations'
            : ': fill the bag'}
      </Button>
    </Card>
  );
}

function SideCommand({ side, b }: { side: Side; b: BattleHook }) {
  const { state, pack, battle, act } = b;
  const detail = battle.data!;
  const s = state!;
  const i = side === 'A' ? 0 : 1;
  const setup = detail.setup.sides[i];
  const st = s.sides[side];
  const ability = pack!.captainAbilities.find((x) => x.id === setup.captainAbilityId);
  // offered only while the Captain may declare it: alive, once per battle, before orders (captain-abilities.ts)
  const abilityWhy = ability ? captainAbilityRefusal(s, side, ability.id) : null;
  const [order, setOrder] = useState<string | null>(null);
  const [formation, setFormation] = useState<string | null>(null);
  const [relay, setRelay] = useState<string[]>([]);
  const [links, setLinks] = useState('');
  const given = s.command.orders.filter((o) => o.side === side);
  // how the order reaches the formation (DIGEST 7.2): the same check the backend makes, shown before the order is given
  const reach = {
    relay,
    links: links
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number),
  };
  const reachValid = reach.links.every((x) => Number.isFinite(x) && x >= 0);
  const far = formation ? (reachValid ? orderReachRefusal(s, side, reach) : 'Give the distances in inches, e.g. 10, 11.5.') : null;
  const relays = relayOfficers(s, side);
  return (
    <Stack gap="xs">
      <Text fw={700} size="lg" c={SIDE_TEXT[side]}>
        {setup.playerName}
      </Text>
      {ability && abilityWhy === null && !b.mayChooseFor(side) && (
        <Text size="sm" data-testid="captain-ability-not-yours">
          {`${ability.name}: declared on ${setup.playerName}’s phone.`}
        </Text>
      )}
      {ability && abilityWhy === null && b.mayChooseFor(side) && (
        <Button
          variant="filled"
          color={SIDE_COLOR[side]}
          size="md"
          h="auto"
          mih={42}
          py={8}
          styles={WRAPPING_LABEL}
          onClick={() => act.mutate({ kind: 'ability', side, abilityId: ability.id })}
        >
          Declare {ability.name}
        </Button>
      )}
      {ability && abilityWhy !== null && (
        <Text size="sm" data-testid="captain-ability-refusal">
          {st.abilityUsedRound !== null ? `${ability.name} used (round ${st.abilityUsedRound}).` : `${ability.name}: ${citeFieldManual(abilityWhy)}`}
        </Text>
      )}
      {st.captainLost && <Badge color="gray">Captain lost: no orders</Badge>}
      {given.map((o) => (
        <Badge key={o.formationId} size="lg" color={SIDE_COLOR[side]} variant="filled" tt="none" h="auto" style={{ whiteSpace: 'normal' }}>
          {pack!.orders.find((x) => x.id === o.orderId)?.name}: {st.formations.find((f) => f.id === o.formationId)?.name}
        </Badge>
      ))}
      <Select label={`${setup.playerName}: order`} data={pack!.orders.map((o) => ({ value: o.id, label: o.name }))} value={order} onChange={setOrder} />
      <Select
        label={`${setup.playerName}: to formation`}
        data={formationsThatMay(s, side, 'receive-order').map((f) => ({ value: f.id, label: f.name }))}
        value={formation}
        onChange={setFormation}
      />
      {formation && (
        <Stack gap={4} role="group" aria-label={`${setup.playerName}: how the order reaches`}>
          <Text size="xs">Relayed by (in order from the Captain; none when the Captain is within 12"):</Text>
          <Group gap="xs">
            {relays.map((o) => (
              <Checkbox
                key={o.id}
                size="xs"
                label={relay.includes(o.id) ? `${o.name} (${relay.indexOf(o.id) + 1})` : o.name}
                checked={relay.includes(o.id)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setRelay((r) => (on ? [...r, o.id] : r.filter((x) => x !== o.id)));
                }}
              />
            ))}
          </Group>
          <TextInput
            size="xs"
            label={relay.length ? 'Each link in inches, Captain first' : 'Inches from the Captain'}
            placeholder={relay.length ? 'e.g. 10, 11.5' : 'e.g. 9'}
            value={links}
            onChange={(e) => setLinks(e.currentTarget.value)}
          />
          {far && links && (
            <Text size="xs" c="red.9" data-testid="order-reach">
              {citeFieldManual(far)}
            </Text>
          )}
        </Stack>
      )}
      <Button
        color={SIDE_COLOR[side]}
        disabled={!order || !formation || given.length >= 2 || !links || far !== null}
        onClick={() =>
          act.mutate(
            {
              kind: 'record',
              body: {
                kind: 'command.order',
                side,
                orderId: order!,
                formationId: formation!,
                reach,
              },
            },
            {
              // the form starts afresh for the next order: a second order goes to a separate formation (Field Manual §6)
              onSuccess: () => {
                setOrder(null);
                setFormation(null);
                setRelay([]);
                setLinks('');
              },
            },
          )
        }
      >
        Give order ({given.length}/2)
      </Button>
    </Stack>
  );
}

import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Side } from '../../../src-shared/battle/setup';
import type { BattleDetail } from '../../../src-shared/contract/battles.contract';
import type { TableSides } from '../../../src-shared/contract/club-night.contract';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import { apiKey, useApiMutation } from '../api/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorAlert } from '../components/ErrorAlert';
import { deviceId } from './device';

const WATCHING = (linkId: string) => `aoa-club-watching:${linkId}`;

/** Whether this phone said it only watches the table of this link (kept on the phone; a watcher claims nothing). */
export function useWatching(linkId: string): [boolean, (on: boolean) => void] {
  const [watching, setWatching] = useState(() => {
    try {
      return localStorage.getItem(WATCHING(linkId)) === '1';
    } catch {
      return false;
    }
  });
  const set = (on: boolean) => {
    setWatching(on);
    try {
      if (on) localStorage.setItem(WATCHING(linkId), '1');
      else localStorage.removeItem(WATCHING(linkId));
    } catch {
      // asked again next time
    }
  };
  return [watching, set];
}

/** The side this phone claimed, from the laptop's claims (`table.sides`). */
export const claimedSide = (sides: TableSides | undefined): Side | null => (sides?.A.mine ? 'A' : sides?.B.mine ? 'B' : null);

/**
 * A side per phone (issue 42): opening a table link asks once which side this phone plays (the two players and their
 * factions) or whether it only watches. The claim is the laptop's (`table.claimSide`), so only this phone then
 * confirms that side's result and makes its own choices; a side another phone holds is shown taken (the organiser may
 * free it). Once answered, one line says who this phone is, with a button to change it.
 */
export function SideClaim(props: {
  detail: BattleDetail;
  pack: RulesetPack;
  sides: TableSides | undefined;
  watching: boolean;
  setWatching: (on: boolean) => void;
}) {
  const { detail, pack, sides, watching, setWatching } = props;
  const claim = useApiMutation('table.claimSide');
  const qc = useQueryClient();
  const mine = claimedSide(sides);
  const who = (s: Side) => {
    const side = detail.setup.sides[s === 'A' ? 0 : 1];
    return { name: side.playerName, faction: pack.factions.find((f) => f.id === side.factionId)?.name ?? side.factionId };
  };
  const send = (side: Side | null) =>
    claim.mutate(
      { battleId: detail.id, deviceId: deviceId(), side },
      {
        onSuccess: (reply) => {
          qc.setQueryData(apiKey('table.sides', { battleId: detail.id, deviceId: deviceId() }), reply);
          setWatching(side === null);
        },
      },
    );
  if (!sides) return null;
  if (mine || watching)
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs" role="status" aria-label="This phone">
        <Text fw={600}>{mine ? `This phone plays ${who(mine).name} (${who(mine).faction}).` : 'This phone is watching.'}</Text>
        <Button variant="default" onClick={() => (mine ? send(null) : setWatching(false))} loading={claim.isPending}>
          Change
        </Button>
      </Group>
    );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="side-claim-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="side-claim-title">
          Which side are you?
        </Title>
        <Text size="sm">Only the phone of a side confirms its result and spends its own abilities, Veteran Sixes and Rule of Cool.</Text>
        {(['A', 'B'] as const).map((s) => (
          <Button
            key={s}
            size="lg"
            h="auto"
            mih={52}
            py="xs"
            styles={{ label: { whiteSpace: 'normal' } }}
            variant={sides[s].claimed ? 'default' : 'filled'}
            disabled={sides[s].claimed}
            loading={claim.isPending && claim.variables?.side === s}
            onClick={() => send(s)}
          >
            {`${who(s).name} · ${who(s).faction}${sides[s].claimed ? ' (another phone has it)' : ''}`}
          </Button>
        ))}
        <Button size="lg" variant="default" onClick={() => send(null)}>
          Just watching
        </Button>
        <ErrorAlert error={claim.error} />
      </Stack>
    </Card>
  );
}

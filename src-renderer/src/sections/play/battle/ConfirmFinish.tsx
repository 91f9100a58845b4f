import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BattleResult } from '../../../../../src-shared/battle/outcome';
import type { Side } from '../../../../../src-shared/battle/setup';
import { apiKey, useApiMutation, useApiQuery } from '../../../api/hooks';
import { BattleRatingsForm, NO_RATINGS, ratingsToSend, type RatingsDraft } from '../../../components/BattleRatings';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ACTION_COLOR } from '../labels';
import { keepNewerBattle, type BattleHook } from '../useBattle';

/**
 * Finish at the table (club night's table link, issue 35): each player confirms the result on their own phone, and
 * the battle is finished (Finish Mission for a campaign battle) once both sides have confirmed the same result. A
 * phone confirms for the side it claimed (issue 42), and a watching phone for none. Each side's confirmation is kept by the organiser's computer (`table.finishVotes`,
 * refreshed by the live stream), so the other phone shows it at once, with a button to confirm the same result.
 */
export function ConfirmFinish({ b, result, resultLabel }: { b: BattleHook; result: BattleResult; resultLabel: (r: BattleResult) => string }) {
  const detail = b.battle.data!;
  const names = { A: detail.setup.sides[0].playerName, B: detail.setup.sides[1].playerName };
  // the side this phone claimed (issue 42): it confirms that side's result only; a watcher confirms none
  const side: Side | null = b.ownSide;
  const confirm = useApiMutation('table.confirmFinish');
  const votes = useApiQuery('table.finishVotes', { battleId: detail.id });
  const qc = useQueryClient();
  // one id for this phone's finish: a press sent again is the same request
  const [requestId] = useState(() => crypto.randomUUID());
  // this player's own rating of the battle (issue 36), sent with their confirmation; optional, skipped in one tap
  const [ratings, setRatings] = useState<RatingsDraft | null>(NO_RATINGS);
  const finished = confirm.data?.finished ?? false;
  const confirmed = votes.data ?? confirm.data?.confirmed ?? { A: null, B: null };
  const mine = side ? confirmed[side] : null;
  const other: Side | null = side === 'A' ? 'B' : side === 'B' ? 'A' : null;
  // the other side's vote; while this phone has not said who holds it, every side's
  const shown = (['A', 'B'] as const).filter((s) => (side === null || s === other) && confirmed[s] !== null);
  const send = (r: BattleResult) =>
    side &&
    confirm.mutate(
      { battleId: detail.id, side, result: r, requestId, rating: ratingsToSend(ratings)?.[side] ?? undefined },
      {
        onSuccess: (reply) => {
          keepNewerBattle(qc, reply.battle);
          qc.setQueryData(apiKey('table.finishVotes', { battleId: detail.id }), reply.confirmed);
        },
      },
    );
  const theirs = other ? confirmed[other] : null;
  return (
    <Stack>
      {!side && (
        <Text role="status" data-testid="finish-not-yours">
          Each player confirms the result on their own phone, once it has claimed their side (“Which side are you?” above).
        </Text>
      )}
      {side && !finished && (
        <BattleRatingsForm names={names} sides={[side]} sidePath={() => ['rating']} value={ratings} onChange={setRatings} error={confirm.error} />
      )}
      <ErrorAlert error={confirm.error} />
      {!finished &&
        shown.map((s) => (
          <Text key={s} role="status" data-testid="finish-other-confirmed">
            {mine && mine !== confirmed[s]
              ? `${names[s]} confirmed “${resultLabel(confirmed[s]!)}” and ${names[side!]} “${resultLabel(mine)}”: agree on one result, then confirm it.`
              : `${names[s]} has confirmed: ${resultLabel(confirmed[s]!)}${side && !mine ? ' — confirm too?' : '.'}`}
          </Text>
        ))}
      {!finished && side && theirs && theirs !== mine && theirs !== result && (
        <Button
          variant="outline"
          size="lg"
          h="auto"
          mih={48}
          py="xs"
          styles={{ label: { whiteSpace: 'normal' } }}
          loading={confirm.isPending}
          onClick={() => send(theirs)}
        >
          {`Confirm “${resultLabel(theirs)}” too, as ${names[side]}`}
        </Button>
      )}
      {mine && !theirs && !finished && (
        <Text role="status" data-testid="finish-confirmed">
          {`${names[side!]} confirmed “${resultLabel(mine)}”. Waiting for ${names[other!]} to confirm the same result on their phone.`}
        </Text>
      )}
      <Button
        color={ACTION_COLOR}
        size="xl"
        h="auto"
        mih={60}
        py="sm"
        styles={{ label: { whiteSpace: 'normal' } }}
        disabled={!side}
        display={side ? undefined : 'none'}
        loading={confirm.isPending}
        onClick={() => send(result)}
      >
        {side ? `Confirm “${resultLabel(result)}” as ${names[side]}` : 'Choose who you are to confirm'}
      </Button>
    </Stack>
  );
}

import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { BattleResult } from '../../../../../src-shared/battle/outcome';
import { cryptidTieNeedsRolloff } from '../../../../../src-shared/battle/cryptid-tie';
import { resultOfEarlyEnd } from '../../../../../src-shared/battle/last-retinue';
import { victoryPoints } from '../../../../../src-shared/battle/reducer';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { FinishPreviewPanel } from '../../campaigns/FinishPreviewPanel';
import type { BattleHook } from '../useBattle';
import { ACTION_COLOR } from '../labels';
import { Choice } from '../../../components/Choice';
import { Name } from '../../../components/Name';
import { ConfirmFinish } from './ConfirmFinish';
import { BattleRatingsForm, FinishedRatings, NO_RATINGS, ratingsToSend, type RatingsDraft } from '../../../components/BattleRatings';

/** What to do next (the Builder, the Journal, the next mission) loads once a campaign battle is finished. */
const FinishNextSteps = lazy(() => import('../../campaigns/FinishNextSteps').then((m) => ({ default: m.FinishNextSteps })));

/** The result the VP suggest, or the one an early end (the alternating module's last retinue) settled. */
function suggestedResult(b: BattleHook): BattleResult {
  const vp = victoryPoints(b.state!, b.rules!);
  return resultOfEarlyEnd(b.state!) ?? (vp.A > vp.B ? 'win' : vp.A < vp.B ? 'loss' : 'draw');
}

/** A tie for cryptid damage this campaign settles by a roll-off: its result, or the button that rolls it. */
function CryptidTie({ b, names, finished }: { b: BattleHook; names: { A: string; B: string }; finished: boolean }) {
  if (!cryptidTieNeedsRolloff(b.state!, b.rules!)) return null;
  const tie = b.state!.cryptid!.tieRolloff;
  if (tie)
    return (
      <Text role="status" aria-label="Cryptid damage roll-off">
        Tied cryptid damage: {names[tie.winner]} won the roll-off ({tie.rolls.map(([x, y]) => `${x}–${y}`).join(', ')}) and takes first place.
      </Text>
    );
  if (finished) return null;
  return (
    <Alert color="orange" title="Tied cryptid damage">
      <Stack gap="xs">
        <Text size="sm">Both companies dealt the cryptid the same damage. This campaign settles the tie with a roll-off, higher roll first.</Text>
        <Button variant="default" loading={b.act.isPending} onClick={() => b.act.mutate({ kind: 'cryptid-tie-rolloff' })}>
          Roll off for first place
        </Button>
      </Stack>
    </Alert>
  );
}

function ResultChoice({ names, result, onChange }: { names: { A: string; B: string }; result: BattleResult; onChange: (r: BattleResult) => void }) {
  return (
    <Choice
      size="lg"
      label="Result"
      value={result}
      onChange={onChange}
      // each name isolated, so a right-to-left name keeps "wins" after it
      options={{
        win: (
          <>
            <Name>{names.A}</Name> wins
          </>
        ),
        draw: 'Draw',
        loss: (
          <>
            <Name>{names.B}</Name> wins
          </>
        ),
      }}
    />
  );
}

/** What the finish request answered: recorded (or already), or finished first by another organiser. */
function FinishedNotice({ done, mode }: { done: { finishedElsewhere?: boolean; alreadyRecorded?: boolean } | undefined; mode: string }) {
  if (!done) return null;
  if (done.finishedElsewhere)
    return (
      <Alert color="yellow" title="Finished by another organiser">
        Another organiser finished this battle first; what they recorded is shown here and in the Journal, and nothing was recorded twice.
      </Alert>
    );
  return (
    <Alert color="green" title={done.alreadyRecorded ? 'Already recorded' : 'Recorded'}>
      {mode === 'campaign'
        ? 'The rewards and campaign changes are in the Journal; the next mission is unlocked.'
        : 'The battle is recorded. A standalone game earns no campaign rewards.'}
    </Alert>
  );
}

/**
 * Finish: the players choose the result (the VP are shown as advice; the rules
 * do not say how they decide it), see what the campaign will record with the
 * reasons, and commit it once.
 */
export function FinishPanel({ b }: { b: BattleHook }) {
  const detail = b.battle.data!;
  const [a, c] = detail.setup.sides.map((s) => s.playerName);
  const vp = victoryPoints(b.state!, b.rules!);
  const early = b.state!.endedEarly;
  const [result, setResult] = useState<BattleResult>(() => suggestedResult(b));
  const finished = detail.status === 'finished';
  const preview = useApiQuery('battles.previewFinish', { battleId: detail.id, result }, { enabled: detail.status !== 'abandoned' });
  const finish = useApiMutation('battles.finish');
  // one id for this screen's finish: a press sent again is the same request, another organiser's is not (league mode)
  const [requestId] = useState(() => crypto.randomUUID());
  // the players' fun and clarity, optional (null: skipped); sent with the finish, in its transaction
  const [ratings, setRatings] = useState<RatingsDraft | null>(NO_RATINGS);
  const names = { A: a!, B: c! };
  // on a phone (issue 42) the side's own confirmation comes first, what Finish Mission records folded below it
  const atTable = b.access === 'table';
  const organiser = b.access === 'organiser';
  const campaign = detail.mode === 'campaign';
  return (
    <Card withBorder padding="lg" component="section" aria-label="Finish the battle">
      <Title order={2} size="h3" mb="xs">
        {finished ? 'Battle finished' : 'Finish the battle'}
      </Title>
      <Stack>
        {early && (
          <div role="status" aria-label="Early end">
            <Alert color="orange" title={`The battle ended in round ${early.round}`}>
              Only {names[early.winner]} has formations on the table, so the battle ends at once and {names[early.winner]} wins (the alternating module’s rule).
            </Alert>
          </div>
        )}
        <CryptidTie b={b} names={names} finished={finished} />
        <Text>
          Victory points: <Name>{a!}</Name> {vp.A}, <Name>{c!}</Name> {vp.B}.
        </Text>
        {!finished && !early && <ResultChoice names={names} result={result} onChange={setResult} />}
        <ErrorAlert error={preview.error} />
        {/* once finished, the ledger's own record of this battle: what changed */}
        {preview.data && !atTable && <FinishPreviewPanel preview={preview.data.preview} done={finished} />}
        <ErrorAlert error={finish.error} />
        <FinishedNotice done={finish.data} mode={detail.mode} />
        {!finished && organiser && <BattleRatingsForm names={names} value={ratings} onChange={setRatings} error={finish.error} />}
        {!finished && atTable && (
          // at a table (club night) both players confirm on their phones; the organiser finishes from the window
          <ConfirmFinish b={b} result={result} resultLabel={(r) => (r === 'draw' ? 'Draw' : `${r === 'win' ? a : c} wins`)} />
        )}
        {!finished && !atTable && (
          <Button
            color={ACTION_COLOR}
            size="xl"
            loading={finish.isPending}
            onClick={() => finish.mutate({ battleId: detail.id, result, requestId, ratings: ratingsToSend(ratings) })}
          >
            {campaign ? 'Finish Mission & Upgrade Army' : 'Finish the battle'}
          </Button>
        )}
        {atTable && preview.data && (
          <details className="aoa-fold">
            <summary>{campaign ? 'What Finish Mission records' : 'What finishing records'}</summary>
            <FinishPreviewPanel preview={preview.data.preview} done={finished} />
          </details>
        )}
        {/* a player who did not rate at Finish may still (the organiser's window only) */}
        {finished && organiser && <FinishedRatings battleId={detail.id} names={names} />}
        {/* what to do next is the organiser's (the Builder, the Journal); a phone's link ends with the battle */}
        {finished && campaign && preview.data && organiser && (
          <Suspense fallback={null}>
            <FinishNextSteps preview={preview.data.preview} />
          </Suspense>
        )}
      </Stack>
    </Card>
  );
}

import { useMutation, useQuery, useQueryClient, type MutateOptions, type QueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import type { BattleIntentInput } from '../../../../src-shared/battle/intents';
import { foldEvents } from '../../../../src-shared/battle/reducer';
import { battleRules } from '../../../../src-shared/battle/rules-of-pack';
import { battleMission } from '../../../../src-shared/battle/mission';
import type { BattleDetail } from '../../../../src-shared/contract/battles.contract';
import type { Side } from '../../../../src-shared/battle/setup';
import type { ChannelOutput } from '../../../../src-shared/contract';
import { AppError } from '../../../../src-shared/errors';
import { api, isUnreachable } from '../../api/transport';
import { apiKey, useApiQuery } from '../../api/hooks';
import { tablePackKey } from '../../phone/first-reads';
import { outboxOf, type Box } from './outbox';

type ActOptions = MutateOptions<BattleDetail, AppError, BattleIntentInput>;

/**
 * Who has the battle on screen: the organiser (every channel), or a phone at the table with club night's table link
 * (issue 35), which reaches only that battle's channels and reads what the battle derives through `table.*` (its
 * pack, rosters, inventories, crib sheet) and finishes by both sides confirming (`table.confirmFinish`).
 */
export type BattleAccess = 'organiser' | 'table';

/** The pack the battle is played under. A phone asks its table's channel, under a key of its own (`tablePackKey`). */
function useBattlePack(battleId: string, versionId: number | undefined, access: BattleAccess) {
  const organiser = useApiQuery('rulesets.get', { versionId }, { enabled: versionId !== undefined && access === 'organiser', staleTime: Infinity });
  const table = useQuery<ChannelOutput<'table.pack'>, AppError>({
    queryKey: tablePackKey(battleId),
    queryFn: () => api.call('table.pack', { battleId }),
    enabled: access === 'table',
    staleTime: Infinity,
  });
  return access === 'table' ? table : organiser;
}

/**
 * Puts a write's reply on screen unless the screen already holds a later record of the battle: at a club night table two
 * phones record at once, and the other phone's event, fetched while this step was on its way, is not to be taken back
 * by this step's older reply. A battle's record only grows (a strike is an event too).
 */
export function keepNewerBattle(qc: QueryClient, detail: BattleDetail): void {
  qc.setQueryData<BattleDetail>(apiKey('battles.get', { battleId: detail.id }), (cached) =>
    cached && cached.log.length > detail.log.length ? cached : detail,
  );
}

/**
 * One battle on screen: its record from the backend, the pack it is played
 * under, and the state folded from the record with the same reducer the
 * backend uses. `recording` says whether the battle still takes events. `act` records one step; it keeps its event id across a retry,
 * so a reply lost on the way never records the step twice; a step clicked while another is saving waits its turn, and the
 * same step clicked again while it is on its way (a double click) is sent once. `linkId`: a table's own link (club night),
 * which may undo only the events it recorded (`mayUndo`), as the backend holds it to.
 */
export function useBattle(battleId: string, access: BattleAccess = 'organiser', linkId: string | null = null, ownSide: Side | null = null) {
  const battle = useApiQuery('battles.get', { battleId });
  const pack = useBattlePack(battleId, battle.data?.rulesetVersionId, access);
  const rules = useMemo(() => (battle.data && pack.data ? battleRules(pack.data.pack, battle.data.options) : null), [battle.data, pack.data]);
  const state = useMemo(() => (battle.data && rules ? foldEvents(battle.data.setup, rules, battle.data.log) : null), [battle.data, rules]);
  // the mission as played: its number, with the province's variant chosen at set-up
  const mission = useMemo(() => (state && rules ? (battleMission(state, rules) ?? null) : null), [state, rules]);
  const qc = useQueryClient();
  // a phone keeps the taps it could not send (a dropped Wi-Fi) and sends them in order when the laptop answers again
  const outbox = access === 'table' ? outboxOf(battleId, (detail) => keepNewerBattle(qc, detail)) : null;
  const kept = useSyncExternalStore(outbox?.subscribe ?? noSubscription, outbox?.snapshot ?? noOutbox);
  const cached = () => qc.getQueryData<BattleDetail>(apiKey('battles.get', { battleId }))!;
  const mutation = useMutation<BattleDetail, AppError, BattleIntentInput>({
    // One battle's steps are saved one after the other, in the order they were clicked: each is checked against the
    // battle as the step before left it, and the screen takes each answer in turn, so a late answer to an earlier
    // click can never put back a battle without the later one.
    scope: { id: `battle:${battleId}` },
    // a step is tried even when the device says it is offline: a phone's outbox keeps it when it cannot go (issue 42),
    // where TanStack Query would hold it unseen until the network came back
    networkMode: 'always',
    mutationFn: async (intent) => {
      const clientEventId = crypto.randomUUID();
      const keep = () => {
        outbox!.keep({ clientEventId, intent, tappedAt: new Date().toISOString() });
        return cached();
      };
      // behind taps still waiting to be sent, a tap waits its turn: they are recorded in the order they were made
      if (outbox?.hasWaiting) return keep();
      for (let attempt = 0; ; attempt++) {
        try {
          return (await api.call('battles.act', { battleId, clientEventId, intent })).battle;
        } catch (e) {
          // a phone keeps a tap the laptop did not receive, to send when it answers again
          if (outbox && isUnreachable(e)) return keep();
          // Only a lost connection (no answer at all, or one lost on the way) is retried, with the same id; a refusal is shown.
          if (!(e instanceof AppError) || (e.code !== 'UNREACHABLE' && e.code !== 'INTERNAL') || attempt >= 2) throw e;
          await new Promise((r) => setTimeout(r, 300));
        }
      }
    },
    // The reply is the battle as this step left it; the client has already marked the battles domain stale.
    onSuccess: (detail) => keepNewerBattle(qc, detail),
  });
  // A step already on its way is not sent again: a second click on the same button while the first is being saved (a
  // double click) asks for the same step, not another one, and would record the losses, the Wounds or the draw twice.
  const inFlight = useRef(new Map<string, Promise<BattleDetail>>());
  const send = (intent: BattleIntentInput, options?: ActOptions): Promise<BattleDetail> => {
    const key = JSON.stringify(intent);
    const pending = inFlight.current.get(key);
    if (pending) return pending;
    const sent = mutation.mutateAsync(intent, options).finally(() => inFlight.current.delete(key));
    inFlight.current.set(key, sent);
    return sent;
  };
  const act = {
    ...mutation,
    mutate: (intent: BattleIntentInput, options?: ActOptions) => void send(intent, options).catch(() => undefined),
    mutateAsync: send,
  };
  // a battle over (its last round ended, a side left standing alone, or finished or abandoned) is read-only: the result
  // and the reports, no form or button that would record an event
  // a table whose mission another battle has recorded meanwhile only reads too, as its link does (issue 40)
  const displacedAtTable = access === 'table' && !!battle.data?.missionRecordedElsewhere;
  const recording = battle.data?.status === 'in_progress' && !!state && state.phase !== 'over' && !displacedAtTable;
  // the organiser may undo any event; a phone only those its own table link recorded (both phones of one table card share it)
  const recordedBy = battle.data?.recordedBy;
  const mayUndo = (eventId: string) => access === 'organiser' || (linkId !== null && recordedBy?.[eventId] === linkId);
  // a side's own choices (its Captain abilities, Veteran Sixes, Rule of Cool, its confirmation of the result) are made
  // on the phone that claimed the side (issue 42), as the backend holds it to; the organiser makes any side's
  const mayChooseFor = (side: Side) => access === 'organiser' || ownSide === side;
  return {
    access,
    mayUndo,
    ownSide: access === 'table' ? ownSide : null,
    mayChooseFor,
    /** The taps a phone keeps until the laptop answers, and those it then refused (issue 42). */
    outbox: kept,
    dismissRefused: (clientEventId: string) => outbox?.dismissRefused(clientEventId),
    battle,
    pack: pack.data?.pack ?? null,
    rules,
    state,
    mission,
    recording,
    act,
    error: battle.error ?? pack.error,
  };
}

export type BattleHook = ReturnType<typeof useBattle>;

const noSubscription = () => () => undefined;
const NO_OUTBOX: Box = { waiting: [], refused: [] };
const noOutbox = () => NO_OUTBOX;

import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { BattleIntentInput } from '../../../../src-shared/battle/intents';
import { foldEvents } from '../../../../src-shared/battle/reducer';
import { battleRules } from '../../../../src-shared/battle/rules-of-pack';
import { battleMission } from '../../../../src-shared/battle/mission';
import type { BattleDetail } from '../../../../src-shared/contract/battles.contract';
import { AppError } from '../../../../src-shared/errors';
import { api } from '../../api/transport';
import { apiKey, useApiQuery } from '../../api/hooks';

type ActOptions = MutateOptions<BattleDetail, AppError, BattleIntentInput>;

/**
 * One battle on screen: its record from the backend, the pack it is played
 * under, and the state folded from the record with the same reducer the
 * backend uses. `recording` says whether the battle still takes events. `act` records one step; it keeps its event id across a retry,
 * so a reply lost on the way never records the step twice; a step clicked while another is saving waits its turn, and the
 * same step clicked again while it is on its way (a double click) is sent once.
 */
export function useBattle(battleId: string) {
  const battle = useApiQuery('battles.get', { battleId });
  const pack = useApiQuery('rulesets.get', { versionId: battle.data?.rulesetVersionId }, { enabled: !!battle.data, staleTime: Infinity });
  const rules = useMemo(() => (battle.data && pack.data ? battleRules(pack.data.pack, battle.data.options) : null), [battle.data, pack.data]);
  const state = useMemo(() => (battle.data && rules ? foldEvents(battle.data.setup, rules, battle.data.log) : null), [battle.data, rules]);
  // the mission as played: its number, with the province's variant chosen at set-up
  const mission = useMemo(() => (state && rules ? (battleMission(state, rules) ?? null) : null), [state, rules]);
  const qc = useQueryClient();
  const mutation = useMutation<BattleDetail, AppError, BattleIntentInput>({
    // One battle's steps are saved one after the other, in the order they were clicked: each is checked against the
    // battle as the step before left it, and the screen takes each answer in turn, so a late answer to an earlier
    // click can never put back a battle without the later one.
    scope: { id: `battle:${battleId}` },
    mutationFn: async (intent) => {
      const clientEventId = crypto.randomUUID();
      for (let attempt = 0; ; attempt++) {
        try {
          return (await api.call('battles.act', { battleId, clientEventId, intent })).battle;
        } catch (e) {
          // Only a lost connection is retried, with the same id; a refusal is shown.
          if (!(e instanceof AppError) || e.code !== 'INTERNAL' || attempt >= 2) throw e;
          await new Promise((r) => setTimeout(r, 300));
        }
      }
    },
    // The reply is the battle as it now stands; the client has already marked the battles domain stale.
    onSuccess: (detail) => qc.setQueryData(apiKey('battles.get', { battleId }), detail),
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
  const recording = battle.data?.status === 'in_progress' && !!state && state.phase !== 'over';
  return {
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

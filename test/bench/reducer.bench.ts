import { applyEvent, foldEvents, type FoldableEvent } from '../../src-shared/battle/reducer';
import type { BattleSetup } from '../../src-shared/battle/setup';
import type { BattleState } from '../../src-shared/battle/state';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, setupOf, Table, twoCores } from '../helpers/battle';
import type { BenchCase } from './types';

interface Ctx {
  setup: BattleSetup;
  record: FoldableEvent[];
  short: BattleState;
  long: BattleState;
  next: FoldableEvent;
}

/**
 * One recorded event against the state of a fresh round 1 and against the
 * state after 1,000 events: applyEvent shares what an event does not touch,
 * so the long battle must not cost more per event than the short one.
 */
function battles(): Ctx {
  const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), 1)).toRoundOne();
  t.record({ kind: 'command.done' });
  const body = { kind: 'record.wounds' as const, side: 'A' as const, formationId: 'A-f1', attack: 'ranged' as const, amount: 1 };
  const filler: FoldableEvent[] = Array.from({ length: 1000 - t.events.length }, (_, i) => ({
    id: `w${i}`,
    at: '2026-11-30T19:00:00.000Z',
    body: i % 2 ? body : { kind: 'record.note', text: `note ${i}` },
  }));
  const record = [...t.events, ...filler];
  return {
    setup: t.setup,
    record,
    short: t.state,
    long: foldEvents(t.setup, BATTLE_RULES, record),
    next: { id: 'next', at: '2026-11-30T19:30:00.000Z', body: { ...body, side: 'B', formationId: 'B-f1' } },
  };
}

export const benches: BenchCase<Ctx>[] = [
  {
    name: 'play: apply one event to the state of a 1,000-event battle, median under 0.1 ms',
    targetMs: 0.1,
    bound: "immer's draft of the state: the event's handler and a copy of the parts it changes, whatever the battle's length",
    setup: battles,
    fn: (c) => applyEvent(c.long, c.next, BATTLE_RULES),
    baseline: { name: 'the same event on a round-1 state', fn: (c) => applyEvent(c.short, c.next, BATTLE_RULES) },
  },
  {
    name: 'play: replay a 1,000-event record (a cache miss in the backend), median under 2 ms',
    targetMs: 2,
    bound: 'each event’s handler writing straight into one start state (no immer draft), about a tenth of a microsecond an event',
    setup: battles,
    fn: (c) => foldEvents(c.setup, BATTLE_RULES, c.record),
  },
];

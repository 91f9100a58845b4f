import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { type BattleSetup } from '../../src-shared/battle/setup';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { applyEvent, foldEvents, type FoldableEvent } from '../../src-shared/battle/reducer';
import { resolveIntent, type BattleIntentInput } from '../../src-shared/battle/intents';
import { battleIntentSchema } from '../../src-shared/battle/intents.schema';
import type { BattleEventBodyInput } from '../../src-shared/battle/events';
import { battleEventBodySchema } from '../../src-shared/battle/events.schema';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { battleTotals } from '../../src-shared/battle/summary';
import { buildBattleReport } from '../../templates/battle-report';

type F = {
  id: string;
  slot: 'command' | 'core' | 'elite' | 'skirmisher' | 'heavy';
  models: number;
  reserveEligible?: boolean;
  endOfRoundD20?: { min: number; max: number; wounds: number }[];
  /** Veteran Sixes its rank gives for the battle; absent: a record from before the count was kept. */
  veteranSixes?: number | null;
  /** Limited abilities of its unit (abilities.ts), e.g. 'field-repairs'. */
  abilities?: string[];
  /** Models carrying storm protection (DIGEST AMB-19f). */
  radProtectedModels?: number;
};

/** An army: the command group (Captain + 4 Officers) plus the formations given. */
export function army(player: string, formations: Omit<F, 'id'>[] | F[], officers: { attachedTo: string | null }[] = [], ability: string | null = null) {
  const fs = [{ id: `${player}-cmd`, slot: 'command' as const, models: 5 }, ...formations.map((f, i) => ({ id: `${player}-f${i + 1}`, ...f }))];
  return {
    playerId: player,
    playerName: player,
    rosterId: null,
    factionId: 'cinder-porte',
    captainAbilityId: ability,
    formations: fs.map((f) => ({ name: f.id, ...f })),
    officers: (officers.length ? officers : [0, 1, 2, 3].map(() => ({ attachedTo: null }))).map((o, i) => ({
      id: `${player}-o${i + 1}`,
      name: `Officer ${i + 1}`,
      ...o,
    })),
  };
}

export const twoCores = [
  { slot: 'core' as const, models: 5 },
  { slot: 'core' as const, models: 3 },
];

export function setupOf(a: ReturnType<typeof army>, b: ReturnType<typeof army>, mission: number | null = 1): BattleSetup {
  return battleSetupSchema.parse({ mode: mission ? 'campaign' : 'standalone', campaignId: mission ? 'c1' : null, mission, sides: [a, b] });
}

/** Dice that return the scripted values in order; a test fails loudly if it runs out. */
function scripted(values: number[]) {
  const q = [...values];
  return (sides: number) => {
    const v = q.shift();
    if (v === undefined) throw new Error('scripted dice ran out');
    if (v < 1 || v > sides) throw new Error(`scripted ${v} on a d${sides}`);
    return v;
  };
}

/** A battle record being built in memory the way the backend builds it. */
export class Table {
  events: (FoldableEvent & { struck: boolean })[] = [];
  n = 0;
  constructor(
    readonly setup: BattleSetup,
    readonly rules = BATTLE_RULES,
  ) {}
  get state() {
    return foldEvents(this.setup, this.rules, this.events);
  }
  record(body: BattleEventBodyInput) {
    return this.act({ kind: 'record', body });
  }
  act(intent: BattleIntentInput, dice: number[] = []) {
    const parsed = battleIntentSchema.parse(intent);
    const roll = scripted(dice);
    const out = resolveIntent(this.state, parsed, this.rules, roll, this.events);
    const added = out.map((e) => ({
      id: `e${++this.n}`,
      at: new Date(2026, 10, 30, 19, 0, this.n).toISOString(),
      body: battleEventBodySchema.parse(e.body),
      struck: false,
      corrects: e.correctsEventId,
    }));
    // validate the way the backend does: new events applied to the state (held to every rule, the life cycle included);
    // a strike changes history, so the whole record must replay without the struck events
    const next = [...this.events, ...added];
    const struck = new Set(added.filter((a) => a.corrects).map((a) => a.corrects!));
    const candidate = next.map((e) => (struck.has(e.id) ? { ...e, struck: true } : e));
    if (struck.size) foldEvents(this.setup, this.rules, candidate);
    else added.reduce((st, e) => applyEvent(st, e, this.rules), this.state);
    this.events = candidate;
    return added;
  }
  /** Every token drawn (each draw's die a 1), the first eligible formation activated each time, until the activations end. */
  drawAll() {
    while (this.state.phase === 'activations') {
      this.act({ kind: 'draw' }, [1]);
      const turn = BagActivation.turn(this.state.activation as BagState);
      if (turn.kind === 'choose') this.record({ kind: 'bag.activate', formationId: turn.eligible[0]! });
    }
    return this;
  }
  /** Draws tokens until `formationId` is picked for its activation (every other pick takes the first eligible formation). */
  activateFormation(formationId: string) {
    if (this.state.phase === 'command') this.record({ kind: 'command.done' });
    for (let i = 0; i < 30; i++) {
      this.act({ kind: 'draw' }, [1]);
      const turn = BagActivation.turn(this.state.activation as BagState);
      if (turn.kind !== 'choose') continue;
      const pick = turn.eligible.includes(formationId) ? formationId : turn.eligible.find((x) => x !== formationId)!;
      this.record({ kind: 'bag.activate', formationId: pick });
      if (pick === formationId) return this;
    }
    throw new Error(`${formationId} was never drawn`);
  }
  /** The Command Phase done (when in it), every token drawn, and the round ended with no objective held. */
  quietRound() {
    if (this.state.phase === 'command') this.record({ kind: 'command.done' });
    this.drawAll();
    this.act({ kind: 'end-round', holders: [null, null, null] });
    return this;
  }
  /** Scenario, terrain, roll-off (A wins 6–1) and deployment. */
  toRoundOne(reserves: { A: string[]; B: string[] } = { A: [], B: [] }, mission = this.setup.mission) {
    this.record({ kind: 'setup.scenario', provinceId: 'marsh', campaignGame: mission });
    this.record({ kind: 'setup.terrain', objectives: 3 });
    this.act({ kind: 'deployment-rolloff' }, [6, 1]);
    this.record({ kind: 'setup.deployed', reserves });
    return this;
  }
}

/** The battle report's text of a table's battle so far (in progress, factions named A and B), for tests that look for their line in it. */
export function reportText(
  t: Table,
  totals: ReturnType<typeof battleTotals>,
  battleId = 'b',
  more: Partial<Parameters<typeof buildBattleReport>[0]> = {},
): string {
  const doc = buildBattleReport({
    ...more,
    battleId,
    setup: t.setup,
    state: t.state,
    totals,
    status: 'in_progress',
    result: null,
    startedAt: '2026-12-02T09:00:00Z',
    cryptidName: null,
    provinceName: null,
    factionNames: ['A', 'B'],
  });
  // the text as it reads on the page: a name's isolates (U+2068…U+2069) print as nothing
  return JSON.stringify(doc.body).replace(/[\u2068\u2069]/g, '');
}

import { describe, expect, it } from 'vitest';
import type { FormationAtRoundStart, Side } from '../../src-shared/battle/activation-strategy';
import { sequenceFromOptions, STANDARD_SEQUENCE } from '../../src-shared/battle/activation-strategy';
import { AlternatingActivation as Alt } from '../../src-shared/battle/alternating-activation';
import { alternatingStateSchema } from '../../src-shared/battle/alternating-activation.schema';
import { activationCounts, initiativeFor, passTokensFor, setupRollOff } from '../../src-shared/battle/alternating-initiative';
import { PASS_TOKEN_EXAMPLE } from '../fixtures/seed-003-module';

/** n formations for side 0 (a1…) and m for side 1 (b1…), all able to activate. */
function table(n: number, m: number, extra: FormationAtRoundStart[] = []): FormationAtRoundStart[] {
  const mk = (p: string, owner: Side, k: number) => Array.from({ length: k }, (_, i) => ({ formationId: `${p}${i + 1}`, owner, canActivate: true }));
  return [...mk('a', 0, n), ...mk('b', 1, m), ...extra];
}

function choose(s: ReturnType<typeof Alt.startRound>) {
  const t = Alt.turn(s);
  if (t.kind !== 'choose') throw new Error(`expected a choice, got ${t.kind}`);
  return t;
}

/** Play a round from a script: 'A'/'B' = that side activates its next formation, 'a'/'b' = that side passes. */
function play(s: ReturnType<typeof Alt.startRound>, script: string) {
  for (const c of script) {
    const t = choose(s);
    const side: Side = c.toLowerCase() === 'a' ? 0 : 1;
    expect(t.owner, `turn ${s.log.length + 1} of "${script}"`).toBe(side);
    s = Alt.apply(s, c === c.toUpperCase() ? { kind: 'activate', formationId: t.eligible[0]! } : { kind: 'pass' });
  }
  return s;
}

describe('T1 activation count [003 L6] with the §23 adapter (a fighter is a formation)', () => {
  it.each([
    ['every formation able to act counts', table(4, 6), [4, 6]],
    ['a wiped-out or withdrawn formation does not count', [...table(3, 2), { formationId: 'gone', owner: 0 as Side, canActivate: false }], [3, 2]],
    ['neutral mutant patrols belong to neither player', table(2, 2, [{ formationId: 'm1', owner: 'neutral', canActivate: true }]), [2, 2]],
    ['an empty side counts 0', table(0, 3), [0, 3]],
  ])('%s', (_name, formations, expected) => {
    expect(activationCounts(formations)).toEqual(expected);
  });
});

describe('T3 initiative [003 L9], AMB-S2 set-up roll-off', () => {
  it.each([
    // round, counts, set-up winner, last initiative, expected
    [1, [5, 3], 0, undefined, 0], // round 1: the set-up winner, even with the higher count
    [1, [3, 5], 1, undefined, 1],
    [2, [5, 3], 0, 0, 1], // later rounds: the lower count
    [2, [2, 7], undefined, 1, 0],
    [3, [4, 4], undefined, 0, 1], // equal: whoever did not have it last round
    [3, [4, 4], undefined, 1, 0],
  ] as const)('round %i, counts %j, set-up %s, last %s → side %i', (round, counts, setup, last, expected) => {
    expect(initiativeFor(round, counts, setup, last)).toBe(expected);
  });

  it('round 1 without a set-up roll-off is refused', () => {
    expect(() => initiativeFor(1, [3, 3], undefined, undefined)).toThrow(/set-up roll-off/);
    expect(() => Alt.startRound({ round: 1, formations: table(3, 3) }, null)).toThrow(expect.objectContaining({ code: 'RULE_VIOLATION' }));
  });

  it.each([
    [6, 2, 0],
    [1, 4, 1],
    [3, 3, 'roll-again'],
  ] as const)('D6 roll-off %i vs %i → %s (higher wins)', (a, b, expected) => {
    expect(setupRollOff(a, b)).toBe(expected);
  });

  it('a roll-off die outside 1–6 is refused', () => {
    expect(() => setupRollOff(0, 3)).toThrow(RangeError);
    expect(() => setupRollOff(3, 7)).toThrow(RangeError);
  });
});

describe('T4 Pass tokens = the shortfall, to the lower count [003 L10, L46]', () => {
  it('the rule’s own example: 5 against 3 gives the player with 3 initiative and 2 Pass tokens', () => {
    const { counts, initiative, tokens } = PASS_TOKEN_EXAMPLE;
    expect(passTokensFor(counts)).toEqual(tokens);
    expect(initiativeFor(2, counts, undefined, 0)).toBe(initiative);
  });

  it.each([
    [
      [4, 4],
      [0, 0],
    ],
    [
      [1, 6],
      [5, 0],
    ],
    [
      [7, 2],
      [0, 5],
    ],
    [
      [0, 3],
      [3, 0],
    ],
  ] as const)('counts %j → tokens %j', (counts, tokens) => {
    expect(passTokensFor(counts)).toEqual(tokens);
  });

  it('AMB-S3, round 1: the set-up winner with the higher count has initiative, but the lower count still gets the tokens', () => {
    const s = Alt.startRound({ round: 1, formations: table(5, 3), setupInitiative: 0 }, null);
    expect(s.initiative).toBe(0);
    expect(s.passTokens).toEqual([0, 2]);
    expect(choose(s)).toMatchObject({ owner: 0, mayPass: false, passTokens: 0 });
  });
});

describe('T5 alternating one formation at a time, initiative first [003 L12–14]', () => {
  it('equal counts alternate strictly and the round ends when all have activated', () => {
    let s = Alt.startRound({ round: 1, formations: table(3, 3), setupInitiative: 1 }, null);
    s = play(s, 'BABABA');
    expect(Alt.isRoundOver(s)).toBe(true);
    expect(Alt.turn(s)).toEqual({ kind: 'round-over' });
    expect(Alt.activated(s)).toEqual(['b1', 'a1', 'b2', 'a2', 'b3', 'a3']);
  });

  it('only the side whose turn it is may activate, and only a formation that has not yet activated', () => {
    const s = Alt.startRound({ round: 1, formations: table(2, 2), setupInitiative: 0 }, null);
    expect(() => Alt.apply(s, { kind: 'activate', formationId: 'b1' })).toThrow(/not that side’s turn/);
    const s2 = Alt.apply(s, { kind: 'activate', formationId: 'a1' });
    const s3 = Alt.apply(s2, { kind: 'activate', formationId: 'b1' });
    expect(() => Alt.apply(s3, { kind: 'activate', formationId: 'a1' })).toThrow(/already activated/);
  });

  it('there is no bag to draw from', () => {
    const s = Alt.startRound({ round: 1, formations: table(2, 2), setupInitiative: 0 }, null);
    expect(() => Alt.apply(s, { kind: 'draw', index: 0 })).toThrow(/no token bag/);
  });
});

describe('T6 passing [003 L15, L47–48]', () => {
  it('a pass spends one token and hands the turn to the opponent', () => {
    let s = Alt.startRound({ round: 2, formations: table(3, 5) }, null);
    expect(s.initiative).toBe(0);
    expect(choose(s)).toMatchObject({ owner: 0, mayPass: true, passTokens: 2 });
    s = Alt.apply(s, { kind: 'pass' });
    expect(s.passTokens).toEqual([1, 0]);
    expect(choose(s).owner).toBe(1);
  });

  it('no two passes in a row: the passer must activate before passing again', () => {
    let s = Alt.startRound({ round: 2, formations: table(3, 5) }, null);
    s = play(s, 'aB');
    expect(choose(s)).toMatchObject({ owner: 0, mayPass: false, passTokens: 1 });
    expect(() => Alt.apply(s, { kind: 'pass' })).toThrow(/activate a formation before passing again/);
    s = play(s, 'AB');
    expect(choose(s)).toMatchObject({ owner: 0, mayPass: true });
  });

  it('the player with more formations has no tokens to pass with', () => {
    const s = Alt.startRound({ round: 2, formations: table(5, 3) }, null);
    const s2 = Alt.apply(s, { kind: 'activate', formationId: 'b1' });
    expect(choose(s2)).toMatchObject({ owner: 0, mayPass: false });
    expect(() => Alt.apply(s2, { kind: 'pass' })).toThrow(/No Pass tokens/);
  });
});

describe('T8 end of round [003 L19–21, L49]', () => {
  it('when one side runs out, the other activates the rest one at a time, without passing', () => {
    let s = Alt.startRound({ round: 2, formations: table(2, 5) }, null);
    s = play(s, 'ABAB'); // side 0 used no tokens and has no formations left
    const t = choose(s);
    expect(t).toMatchObject({ owner: 1, mayPass: false });
    s = play(s, 'BBB');
    expect(Alt.isRoundOver(s)).toBe(true);
  });

  it('a side with a token cannot pass once the opponent has nothing left to activate', () => {
    let s = Alt.startRound({ round: 2, formations: table(2, 3) }, null); // side 0: 1 token
    s = play(s, 'A');
    for (const id of ['b1', 'b2', 'b3']) s = Alt.markUnavailable(s, id); // side 1 wiped out mid-round
    expect(choose(s)).toMatchObject({ owner: 0, mayPass: false, passTokens: 1 });
    expect(() => Alt.apply(s, { kind: 'pass' })).toThrow(/nothing to pass to/);
    s = play(s, 'A');
    expect(Alt.isRoundOver(s)).toBe(true);
    expect(s.discardedPassTokens).toEqual([1, 0]);
  });

  it('unspent Pass tokens are removed at the end of the round and never carried over', () => {
    let s = Alt.startRound({ round: 2, formations: table(2, 5) }, null);
    s = play(s, 'aBABABBB');
    expect(Alt.isRoundOver(s)).toBe(true);
    expect(s.passTokens).toEqual([0, 0]);
    expect(s.discardedPassTokens).toEqual([2, 0]);
    const next = Alt.startRound({ round: 3, formations: table(2, 2) }, s);
    expect(next.passTokens).toEqual([0, 0]);
    expect(next.initiative).toBe(1); // equal counts: side 0 had it in round 2
  });

  it('neutral mutant patrols activate after both players, one at a time', () => {
    let s = Alt.startRound({ round: 1, formations: table(1, 1, [{ formationId: 'm1', owner: 'neutral', canActivate: true }]), setupInitiative: 0 }, null);
    s = play(s, 'AB');
    expect(choose(s)).toMatchObject({ owner: 'neutral', eligible: ['m1'], mayPass: false });
    s = Alt.apply(s, { kind: 'activate', formationId: 'm1' });
    expect(Alt.isRoundOver(s)).toBe(true);
  });
});

describe('T2 figures fixed at the start of the round [003 L7, L17]', () => {
  it('losing a formation mid-round leaves counts, initiative and tokens untouched', () => {
    let s = Alt.startRound({ round: 2, formations: table(3, 5) }, null);
    s = play(s, 'A');
    s = Alt.markUnavailable(s, 'b1');
    s = Alt.markUnavailable(s, 'b2');
    expect(s.counts).toEqual([3, 5]);
    expect(s.initiative).toBe(0);
    expect(s.passTokensGranted).toEqual([2, 0]);
    expect(s.passTokens).toEqual([2, 0]);
    expect(choose(s).eligible).toEqual(['b3', 'b4', 'b5']);
  });

  it('a formation that can no longer act cannot be selected', () => {
    let s = Alt.startRound({ round: 1, formations: table(2, 2), setupInitiative: 0 }, null);
    s = Alt.markUnavailable(s, 'a1');
    expect(() => Alt.apply(s, { kind: 'activate', formationId: 'a1' })).toThrow(/cannot activate/);
  });
});

describe('a whole round, and the saved state', () => {
  it('3 formations against 5, with both passes used, gives every activation of the larger side a reply', () => {
    let s = Alt.startRound({ round: 2, formations: table(3, 5) }, null);
    s = play(s, 'AB' + 'aB' + 'AB' + 'aB' + 'AB');
    expect(Alt.isRoundOver(s)).toBe(true);
    expect(s.log.map((e) => (e.kind === 'pass' ? `pass${e.owner}` : e.formationId))).toEqual([
      'a1',
      'b1',
      'pass0',
      'b2',
      'a2',
      'b3',
      'pass0',
      'b4',
      'a3',
      'b5',
    ]);
    expect(s.discardedPassTokens).toEqual([0, 0]);
  });

  it('survives a JSON round trip through its schema', () => {
    let s = Alt.startRound({ round: 2, formations: table(3, 5) }, null);
    s = play(s, 'aB');
    const back = alternatingStateSchema.parse(JSON.parse(JSON.stringify(s)));
    expect(back).toEqual(s);
    expect(choose(back)).toMatchObject({ owner: 0, mayPass: false });
  });
});

describe('choosing the sequence (DIGEST §23: off by default, never mixed)', () => {
  it.each([
    [{ altActivationModule: false, latchRout: false }, STANDARD_SEQUENCE],
    [{ altActivationModule: false, latchRout: true }, STANDARD_SEQUENCE],
    [
      { altActivationModule: true, latchRout: false },
      { activation: 'alternating', morale: 'rout', latchRout: false },
    ],
    [
      { altActivationModule: true, latchRout: true },
      { activation: 'alternating', morale: 'rout', latchRout: true },
    ],
  ])('%j → %j', (options, expected) => {
    expect(sequenceFromOptions(options)).toEqual(expected);
  });
});

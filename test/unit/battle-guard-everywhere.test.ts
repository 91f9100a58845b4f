import { describe, expect, it } from 'vitest';
import { AppError } from '../../src-shared/errors';
import { formationsThatMay, statusOf, survivedTheBattle } from '../../src-shared/battle/formation-life';
import { repostRefusal } from '../../src-shared/battle/officer-posting';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { stormEntryRefusal } from '../../src-shared/battle/storm';
import { playtestFromPlayed } from '../../src-shared/reports/from-battle';
import { DEFAULT_RULE_OPTIONS } from '../../src-shared/ruleset/options';
import { army, setupOf, Table } from '../helpers/battle';

/**
 * The guard everywhere (issue 40): every rule that names a formation asks
 * formation-life.ts, so an explosion, the storm, a re-posting and the
 * playtest record's survival agree with the battle. DIGEST 6.15: an
 * exploding Heavy wounds "every model within 3 inches", so only a model on
 * the table: a patrol still in reserve is not there, one that uncloaked this
 * round is, and a formation destroyed has no model left to wound.
 */

/** A: command group, Core f1 (3), reserve-eligible patrol f2 (3), Heavy f3 (1), Heavy f4 (1). B: command group, Core f1 (3), Core f2 (5). */
const guardSetup = () =>
  battleSetupSchema.parse({
    ...setupOf(
      army('A', [
        { slot: 'core', models: 3 },
        { slot: 'skirmisher', models: 3, reserveEligible: true },
        { slot: 'heavy', models: 1 },
        { slot: 'heavy', models: 1 },
      ]),
      army('B', [
        { slot: 'core', models: 3 },
        { slot: 'core', models: 5 },
      ]),
      null,
    ),
    lifeCycle: true,
  });

const patrol = { kind: 'formation' as const, side: 'A' as const, formationId: 'A-f2' };

/** A's Heavy f3 destroyed, waiting to explode. */
const heavyDown = (t: Table, heavy = 'A-f3') => t.record({ kind: 'record.casualties', side: 'A', formationId: heavy, killed: 1, retreated: 0 });

/** Round one under way with A's patrol held in reserve. */
const roundOne = () => {
  const t = new Table(guardSetup()).toRoundOne({ A: ['A-f2'], B: [] });
  t.record({ kind: 'command.done' });
  return t;
};

/** Round two, its event a storm (D20 of 20, drift 3" towards 1), before the activations. */
const roundTwo = () => {
  const t = roundOne();
  t.drawAll();
  t.act({ kind: 'end-round', holders: [null, null, null] });
  t.record({ kind: 'command.done' });
  t.act({ kind: 'resolve-event' }, [20, 3, 1]);
  return t;
};

function refusal(f: () => unknown): AppError {
  try {
    f();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
}

describe('a Heavy’s explosion catches only what is on the table (DIGEST 6.15, formation-life.ts)', () => {
  it('a blast naming a patrol still in reserve is refused with RULE_VIOLATION, naming it; nothing is written', () => {
    const t = roundOne();
    heavyDown(t);
    const before = t.events.length;
    const err = refusal(() => t.act({ kind: 'explode', side: 'A', formationId: 'A-f3', cause: 'wounds', targets: [{ target: patrol, models: 1 }] }, [2]));
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('RULE_VIOLATION');
    expect(err.message).toBe('A-f2 (A) is still in reserve: it cannot be caught in a Heavy’s explosion until it Uncloaks (Field Manual §7).');
    expect(err.path).toEqual(['targets', 0, 'target']);
    expect(t.events).toHaveLength(before);
    // Play Mode offers what the handler accepts: the patrol is not among the targets
    expect(formationsThatMay(t.state, 'A', 'blast-target').map((f) => f.id)).toEqual(['A-cmd', 'A-f1', 'A-f4']);
    expect(t.state.explosions.pending).toHaveLength(1);
  });

  it('a patrol that uncloaked this round is on the table: the blast catches it', () => {
    const t = roundTwo();
    t.record({ kind: 'uncloak', side: 'A', formationId: 'A-f2' });
    expect(
      statusOf(
        t.state,
        'A',
        t.state.sides.A.formations.find((f) => f.id === 'A-f2')!,
      ),
    ).toBe('arrived');
    heavyDown(t);
    t.act({ kind: 'explode', side: 'A', formationId: 'A-f3', cause: 'wounds', targets: [{ target: patrol, models: 2 }] }, [2, 3]);
    expect(t.state.rounds[1]!.explosions).toEqual([{ side: 'A', formationId: 'A-f3', cause: 'wounds', targets: 1, wounds: 5 }]);
  });

  it('a formation destroyed has no model for the blast: refused, naming it', () => {
    const t = roundOne();
    t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f1', killed: 3, retreated: 0 });
    heavyDown(t);
    const err = refusal(() =>
      t.act(
        {
          kind: 'explode',
          side: 'A',
          formationId: 'A-f3',
          cause: 'wounds',
          targets: [{ target: { kind: 'formation', side: 'B', formationId: 'B-f1' }, models: 1 }],
        },
        [2],
      ),
    );
    expect(err.code).toBe('RULE_VIOLATION');
    expect(err.message).toBe('B-f1 (B) was destroyed: it cannot be caught in a Heavy’s explosion (Field Manual §5).');
  });

  it('a formation whose last models retreated has left the table: refused, naming it', () => {
    const t = roundOne();
    t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f1', killed: 1, retreated: 2 });
    heavyDown(t);
    const err = refusal(() =>
      t.act(
        {
          kind: 'explode',
          side: 'A',
          formationId: 'A-f3',
          cause: 'wounds',
          targets: [{ target: { kind: 'formation', side: 'B', formationId: 'B-f1' }, models: 1 }],
        },
        [2],
      ),
    );
    expect(err.message).toBe('B-f1 (B) has left the table: it cannot be caught in a Heavy’s explosion (Field Manual §5).');
  });
});

describe('Uncloak from round two, one rule (ACTION_RULES.uncloak)', () => {
  it('refused in round one, naming the patrol; accepted in round two', () => {
    const t = roundOne();
    const err = refusal(() => t.record({ kind: 'uncloak', side: 'A', formationId: 'A-f2' }));
    expect(err.code).toBe('RULE_VIOLATION');
    expect(err.message).toBe('A-f2 (A) cannot Uncloak before round two (DIGEST 11.2).');
    expect(formationsThatMay(t.state, 'A', 'uncloak')).toEqual([]);
    const t2 = roundTwo();
    expect(formationsThatMay(t2.state, 'A', 'uncloak').map((f) => f.id)).toEqual(['A-f2']);
    t2.record({ kind: 'uncloak', side: 'A', formationId: 'A-f2' });
  });
});

describe('the storm and a re-posting ask the life cycle', () => {
  it('a patrol in reserve has no model inside the storm', () => {
    const t = roundTwo();
    expect(t.state.storm).not.toBeNull();
    const why = stormEntryRefusal(t.state, [{ side: 'A', formationId: 'A-f2', modelsInside: 1, protectedInside: 0 }]);
    expect(why).toEqual({
      index: 0,
      field: 'formationId',
      message: 'A-f2 (A) is still in reserve: it cannot have models inside the storm until it Uncloaks (Field Manual §7).',
    });
    expect(formationsThatMay(t.state, 'A', 'storm-exposure').map((f) => f.id)).not.toContain('A-f2');
  });

  it('an Officer is not posted to a squad that has left the table', () => {
    const t = roundOne();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 1, retreated: 2 });
    expect(repostRefusal(t.state, 'A', 'A-o1', 'A-f1')).toBe('A-f1 (A) has left the table: it cannot take an Officer posted to it (DIGEST AMB-18f).');
    expect(() => t.record({ kind: 'officer.repost', side: 'A', officerId: 'A-o1', to: 'A-f1' })).toThrow(/A-f1 \(A\) has left the table/);
  });
});

describe('the playtest record’s survival is the life cycle’s (DIGEST 16.3, AMB-25)', () => {
  it('3 of 5 killed and 2 retreated: retreated, and survived; 5 of 5 killed: destroyed; a patrol never arrived: survived', () => {
    const t = roundOne();
    t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f2', killed: 3, retreated: 2 });
    t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f1', killed: 3, retreated: 0 });
    const s = t.state;
    const of = (side: 'A' | 'B', id: string) => s.sides[side].formations.find((f) => f.id === id)!;
    expect(statusOf(s, 'B', of('B', 'B-f2'))).toBe('retreated');
    expect(statusOf(s, 'B', of('B', 'B-f1'))).toBe('destroyed');
    expect(survivedTheBattle(s, 'B', of('B', 'B-f2'))).toBe(true);
    expect(survivedTheBattle(s, 'B', of('B', 'B-f1'))).toBe(false);
    expect(survivedTheBattle(s, 'A', of('A', 'A-f2'))).toBe(true);
    const report = playtestFromPlayed({
      id: 'b1',
      campaignId: null,
      mission: null,
      finishedAt: '2026-12-07T00:00:00Z',
      activation: 'bag',
      state: s,
      outcome: { sides: [{ result: 'win' }, { result: 'loss' }] } as never,
      vpBySource: {
        A: { objectives: 0, relic: 0, secondary: 0, other: 0, cryptidHunt: 0 },
        B: { objectives: 0, relic: 0, secondary: 0, other: 0, cryptidHunt: 0 },
      } as never,
      options: DEFAULT_RULE_OPTIONS,
    });
    expect(report.sides[1].formations).toEqual([
      { unitType: 'command', survived: true },
      { unitType: 'core', survived: false },
      { unitType: 'core', survived: true },
    ]);
    expect(report.sides[0].formations.map((f) => f.survived)).toEqual([true, true, true, true, true]);
  });
});

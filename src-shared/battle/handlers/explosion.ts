import { counted } from '../../naming';
import { modelsLeft, patrolActive } from '../bag';
import { lossesOf } from '../formation-life';
import { explosionCreditSide, explosionRollsSaves, explosionWounds, targetKey } from '../explosion';
import { MUTANTS_PER_PATROL, type Side } from '../setup';
import { violation, type BattleDraft, type EventHandlers } from './handler';
import { currentRound, formationOf, formationThatMay, IN_ROUND, woundCryptid } from './lookups';

const sameHeavy = (side: Side, formationId: string) => (x: { side: Side; formationId: string }) => x.side === side && x.formationId === formationId;

/**
 * A Heavy recorded destroyed waits to explode, once per model lost (Field
 * Manual §5: "Each Heavy explodes at most once"). Called by the casualty
 * record, whatever destroyed it: wounds, storm, Instability, Unreliable
 * Powder, a cryptid or another explosion.
 */
export function queueExplosions(s: BattleDraft, side: Side, formationId: string, killed: number): void {
  for (let i = 0; i < killed; i++) s.explosions.pending.push({ side, formationId });
}

type Explosion = Parameters<EventHandlers['heavy.explosion']>[1];
type ExplosionCtx = Parameters<EventHandlers['heavy.explosion']>[2];
type BlastTarget = Explosion['targets'][number];
type Path = (string | number)[];

/** The Heavy must be the next destroyed one waiting to explode (a chain resolves in order of destruction); returns its place in the queue. */
function nextToExplode(s: BattleDraft, b: Explosion): number {
  const heavy = formationOf(s, b.side, b.formationId);
  if (heavy.slot !== 'heavy') throw violation(`${heavy.name} is not a Heavy: only Heavy models explode when destroyed (Field Manual §5).`, ['formationId']);
  const at = s.explosions.pending.findIndex(sameHeavy(b.side, b.formationId));
  if (at < 0) {
    const done = s.explosions.exploded.filter(sameHeavy(b.side, b.formationId)).length;
    throw violation(
      done > 0 && done >= lossesOf(heavy).killed
        ? `${heavy.name} has already exploded: each Heavy explodes at most once (Field Manual §5).`
        : `${heavy.name} is not recorded destroyed: record its loss first, then it explodes.`,
      ['formationId'],
    );
  }
  const first = s.explosions.pending[0]!;
  if (at !== 0) {
    const name = s.sides[first.side].formations.find((f) => f.id === first.formationId)?.name ?? first.formationId;
    throw violation(`${name} was destroyed first: a chain resolves in order of destruction (DIGEST AMB-16).`, ['formationId']);
  }
  return at;
}

/** A target's dice checked against the ruling (a Save die per model where saves are allowed): the Wounds they deal. */
function blastWounds(t: BlastTarget, ruling: Parameters<typeof explosionRollsSaves>[0], path: Path): number {
  const rollsSaves = explosionRollsSaves(ruling, t.save);
  if (t.saveRolls.length !== (rollsSaves ? t.rolls.length : 0))
    throw violation(
      rollsSaves
        ? 'One Save die per model caught in the blast (saves allowed, DIGEST AMB-16).'
        : 'Explosion Wounds are automatic under this battle’s ruling: no Save (DIGEST AMB-16).',
      [...path, 'saveRolls'],
    );
  const wounds = explosionWounds(t.rolls, rollsSaves ? t.save : null, t.saveRolls);
  if (wounds !== t.wounds) throw violation(`Those dice deal ${counted(wounds, 'Wound')}, not ${t.wounds}.`, [...path, 'wounds']);
  return wounds;
}

/** What a target caught in the blast must be, by kind; the cryptid is also wounded here. */
const BLAST_TARGETS: {
  [K in BlastTarget['target']['kind']]: (
    s: BattleDraft,
    b: Explosion,
    t: BlastTarget & { target: { kind: K } },
    wounds: number,
    ctx: ExplosionCtx,
    path: Path,
  ) => void;
} = {
  // a model on the table within 3": not a patrol still in reserve, nor a formation destroyed or gone (formation-life.ts)
  formation: (s, _b, t, _wounds, ctx, path) => {
    const f = formationThatMay(s, t.target.side, t.target.formationId, 'blast-target', ctx, [...path, 'target']);
    if (t.rolls.length > modelsLeft(f)) throw violation(`${f.name} has only ${counted(modelsLeft(f), 'model')} left on the table.`, [...path, 'rolls']);
  },
  patrol: (s, _b, t, _wounds, { mission }, path) => {
    const p = s.patrols[t.target.objective];
    if (!p || !patrolActive(p)) throw violation(`There is no mutant patrol left at objective ${t.target.objective + 1}.`, [...path, 'target']);
    const left = (mission?.mutantsPerObjective ?? MUTANTS_PER_PATROL) - p.dead;
    if (t.rolls.length > left) throw violation(`That patrol has only ${counted(left, 'mutant')} left.`, [...path, 'rolls']);
  },
  cryptid: (s, b, t, wounds, { rules }, path) => {
    const c = s.cryptid;
    if (!c || c.defeated) throw violation('There is no cryptid on the table to catch in the blast.', [...path, 'target']);
    if (t.rolls.length !== 1) throw violation('The cryptid is one model: one D3.', [...path, 'rolls']);
    // AMB-04: only what it actually loses is credited, to the Heavy's company unless the ruling says no one
    const to = explosionCreditSide(rules.options.explosionCredit ?? 'credited', b.side);
    woundCryptid(s, c, wounds, rules.options.enragedThreshold, to ? { side: to, formation: formationOf(s, b.side, b.formationId) } : null);
  },
};

/** The explosion step (DIGEST 6.15, AMB-04, AMB-16): checks the dice against the ruling and applies the Wounds. */
export const explosionHandlers: Pick<EventHandlers, 'heavy.explosion'> = {
  'heavy.explosion': (s, b, ctx) => {
    if (!IN_ROUND.includes(s.phase)) throw violation('Explosions happen during a round.');
    const at = nextToExplode(s, b);
    const ruling = ctx.rules.options.explosionSaves ?? 'automatic';
    const seen = new Set<string>();
    let total = 0;
    for (const [i, t] of b.targets.entries()) {
      const path = ['targets', i];
      const key = targetKey(t.target);
      if (seen.has(key)) throw violation('Each model or formation is ticked once; one D3 per model.', [...path, 'target']);
      seen.add(key);
      const wounds = blastWounds(t, ruling, path);
      const check = BLAST_TARGETS[t.target.kind] as (s: BattleDraft, b: Explosion, t: BlastTarget, wounds: number, ctx: ExplosionCtx, path: Path) => void;
      check(s, b, t, wounds, ctx, path);
      total += wounds;
    }
    s.explosions.pending.splice(at, 1);
    s.explosions.exploded.push({ side: b.side, formationId: b.formationId });
    currentRound(s).explosions.push({ side: b.side, formationId: b.formationId, cause: b.cause, targets: b.targets.length, wounds: total });
  },
};

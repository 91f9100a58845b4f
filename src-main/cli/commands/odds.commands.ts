import { CommanderError, type Command } from 'commander';
import { counted } from '../../../src-shared/naming';
import { readBoundedStream, readBoundedText } from '../../backend/files/bounded-read';
import { describeJsonError } from '../../../src-shared/ruleset/parse';
import { resolve } from 'node:path';
import { AppError, issuesFromZod } from '../../../src-shared/errors';
import { rollAttack } from '../../../src-shared/dice/roll-attack';
import { cryptoDice, seededDice } from '../../../src-shared/dice/source';
import { computeOdds } from '../../../src-shared/odds/exact';
import { attackSpecSchema, type AttackSpec } from '../../../src-shared/odds/spec';
import { oddsToWire } from '../../../src-shared/odds/wire';
import { EXIT, type CliIo, type GlobalOptions } from '../runtime';
import { subcommand } from '../subcommand';

/**
 * `aoa odds [FILE]`: the exact damage distribution of an attack described as
 * JSON (an attack spec, see src-shared/odds/spec.ts), read from FILE or stdin.
 * Pure computation: the ledger is not opened. Exit 1 when the attack is not
 * valid (each problem with its field), 2 when the input cannot be read.
 */

function unreadable(io: CliIo, message: string): never {
  io.err(message);
  throw new CommanderError(EXIT.USAGE, 'aoa.unreadable', message);
}

async function readInput(io: CliIo, file: string | undefined, stdin: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<{ text: string; from: string }> {
  if (file && file !== '-') {
    const path = resolve(file);
    try {
      return { text: readBoundedText(path, 'attack'), from: path };
    } catch (e) {
      return unreadable(io, (e as Error).message);
    }
  }
  if (stdin.isTTY) return unreadable(io, 'Give a FILE with the attack as JSON, or pipe the JSON in.');
  try {
    return { text: await readBoundedStream(stdin, 'attack', 'standard input'), from: 'standard input' };
  } catch (e) {
    return unreadable(io, (e as Error).message);
  }
}

function parseSpec(io: CliIo, text: string, from: string): AttackSpec {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return unreadable(io, `${from} is not valid JSON: ${describeJsonError(text, e as Error)}.`);
  }
  const parsed = attackSpecSchema.safeParse(raw);
  if (!parsed.success)
    throw new AppError('VALIDATION', `${from} is not a valid attack`, {
      issues: issuesFromZod(parsed.error),
    });
  return parsed.data;
}

const pct = (v: number) => `${(v * 100).toFixed(2)}%`;
const target = (n: number | null) => (n === null ? 'none' : n >= 7 ? '6 only' : `${n}+`);

function describe(spec: AttackSpec): string {
  const n = spec.attacks;
  return `${n} ${spec.kind} attack${n > 1 ? 's' : ''}, Hit ${target(spec.hit)}, F${spec.force} vs T${spec.toughness}, Save ${target(spec.save)}, D${spec.damage}`;
}

export function registerOddsCommands(program: Command, io: CliIo, globals: () => GlobalOptions, stdin: NodeJS.ReadableStream = process.stdin): void {
  subcommand(program, globals, 'odds', {
    description: 'exact damage distribution of an attack given as JSON (exit 1 invalid attack, 2 unreadable input)',
    usage: {
      '[file]': 'a JSON attack spec; "-" or nothing reads standard input',
      '--roll': 'roll the attack instead, die by die',
      '--seed <n>': 'with --roll: a seed for a reproducible roll (otherwise the secure dice)',
    },
    action: async (g, file: string | undefined, opts: { roll?: boolean; seed?: string }) => {
      const { text, from } = await readInput(io, file, stdin);
      const spec = parseSpec(io, text, from);
      if (opts.roll) {
        const seed = opts.seed === undefined ? undefined : Number(opts.seed);
        if (seed !== undefined && (!Number.isInteger(seed) || seed < 0)) unreadable(io, `--seed must be a whole number, not ${opts.seed}.`);
        const r = rollAttack(spec, seed === undefined ? cryptoDice() : seededDice(seed));
        if (g.json)
          return io.out(
            JSON.stringify(
              {
                attacks: r.attacks,
                totalDamage: r.totalDamage,
                selfWounds: r.selfWounds,
                friendlyHits: r.friendlyHits,
                friendlyDamage: r.friendlyDamage,
                seed: seed ?? null,
              },
              null,
              2,
            ),
          );
        const lines = r.attacks.map((a) => {
          const die = (label: string, d?: { face: number; rerolledFrom?: number; success: boolean }) =>
            d ? `${label} ${d.rerolledFrom ? `${d.rerolledFrom}→` : ''}${d.face} ${d.success ? '✓' : '✗'}` : '';
          return [
            `#${a.index + 1}`,
            die('hit', a.hit) + (a.hit.critical ? ' (critical)' : ''),
            die('wound', a.wound),
            die('save', a.save),
            `damage ${a.damage}`,
            a.friendly ? `friend: ${die('wound', a.friendly.wound)} ${die('save', a.friendly.save)} damage ${a.friendly.damage}`.replace(/ +/g, ' ') : '',
            ...a.notes,
          ]
            .filter(Boolean)
            .join('  ');
        });
        io.out(
          [
            describe(spec),
            ...lines,
            `Total damage: ${r.totalDamage}${r.selfWounds ? `; Wounds to the attacker: ${r.selfWounds}` : ''}${r.friendlyHits ? `; shots into our fighters: ${r.friendlyHits} (${r.friendlyDamage} damage)` : ''}`,
          ].join('\n'),
        );
        return;
      }
      const w = oddsToWire(computeOdds(spec));
      if (g.json) return io.out(JSON.stringify(w, null, 2));
      let atLeast = 1;
      const rows = w.damage.map((e) => {
        const row = `${String(e.value).padStart(6)}  ${pct(e.p.value).padStart(8)}  ${pct(atLeast).padStart(8)}  ${e.p.fraction}`;
        atLeast -= e.p.value;
        return row;
      });
      const t = w.targets;
      const out = [
        describe(spec),
        `After modifiers: Hit ${target(t.hit)}${t.steadyHit ? ` (one die ${target(t.steadyHit)})` : ''}, Wound ${target(t.wound)}, Save ${target(t.save)}${t.stormReduction ? `, storm −${t.stormReduction} Damage` : ''}`,
        '',
        'damage   exactly  at least  exact fraction',
        ...rows,
        '',
        `Any damage:      ${pct(w.pAny.value)} (${w.pAny.fraction})`,
        `Expected damage: ${w.expected.value.toFixed(3)} (${w.expected.fraction})`,
      ];
      if (w.pKill) out.push(`Removes the last ${counted(spec.woundsRemaining ?? 0, 'Wound')}: ${pct(w.pKill.value)} (${w.pKill.fraction})`);
      if (w.self && w.selfExpected) {
        out.push('', 'Wounds to the attacker (no Save):');
        for (const e of w.self) out.push(`${String(e.value).padStart(6)}  ${pct(e.p.value).padStart(8)}  ${e.p.fraction}`);
        out.push(`Expected: ${w.selfExpected.value.toFixed(3)} (${w.selfExpected.fraction})`);
      }
      if (w.friendly && w.friendlyExpected && w.pFriendlyHit) {
        out.push('', `A shot hits one of our fighters in the melee: ${pct(w.pFriendlyHit.value)} (${w.pFriendlyHit.fraction})`, 'Damage to our fighters:');
        for (const e of w.friendly) out.push(`${String(e.value).padStart(6)}  ${pct(e.p.value).padStart(8)}  ${e.p.fraction}`);
        out.push(`Expected: ${w.friendlyExpected.value.toFixed(3)} (${w.friendlyExpected.fraction})`);
      }
      io.out(out.join('\n'));
    },
  });
}

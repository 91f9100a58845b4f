import { CommanderError, type Command } from 'commander';
import { existsSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { DeskFilter } from '../../../src-shared/desk/filter';
import { nameKey } from '../../../src-shared/text-policy';
import { factionModelNote } from '../../../src-shared/desk/faction-adjusted';
import { rulingLabel } from '../../../src-shared/ruleset/options';
import { readBoundedBytes, fileRefusal } from '../../backend/files/bounded-read';
import { DATA_DIR_ENV, defaultDataDir } from '../../backend/paths';
import { CliRefusal, EXIT, withApi, type CliIo, type GlobalOptions } from '../runtime';
import { subcommand } from '../subcommand';

/** The designer's desk has a data folder of its own beside the club's, unless --data-dir (or $AOA_DATA_DIR) names one. */
const DESK_FOLDER_NAME = 'Age of Ash Designer’s Desk';
function designerDataDir(g: GlobalOptions, env: NodeJS.ProcessEnv = process.env): string {
  if (g.dataDir) return g.dataDir;
  if (env[DATA_DIR_ENV]) return defaultDataDir(env);
  return join(dirname(defaultDataDir(env)), DESK_FOLDER_NAME);
}

interface FilterOptions {
  version?: string[];
  mission?: string[];
  variant?: string[];
  club?: string[];
  faction?: string[];
  pointsMin?: string;
  pointsMax?: string;
  ruling?: string[];
  from?: string;
  to?: string;
  source?: string;
}

const FILTER_USAGE = {
  '--version <data...>': 'only battles played with these game data versions',
  '--mission <n...>': 'only these missions',
  '--variant <id...>': 'only these mission variants',
  '--club <name-or-id...>': 'only these clubs, by name or by id (as `designer clubs` lists them)',
  '--faction <id...>': 'only battles with these factions',
  '--points-min <n>': 'only battles where both armies had at least this many points',
  '--points-max <n>': 'only battles where both armies had at most this many points',
  '--ruling <option=value...>': 'only battles played under every one of these rulings',
  '--from <date>': 'from this date (YYYY-MM-DD)',
  '--to <date>': 'to this date (YYYY-MM-DD)',
  '--source <kind>': 'play: battles played in Play Mode; paper: battles recorded on the post-battle form (both when left out)',
} as const;

function filterOf(io: CliIo, o: FilterOptions): DeskFilter {
  const usage = (message: string): never => {
    io.err(message);
    throw new CommanderError(EXIT.USAGE, 'aoa.usage', message);
  };
  const int = (name: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) usage(`${name} takes a whole number of points, not "${v}".`);
    return n;
  };
  for (const [name, v] of [
    ['--from', o.from],
    ['--to', o.to],
  ] as const)
    if (v !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v)) usage(`${name} must be a date like 2026-11-30, not "${v}".`);
  const missions = o.mission?.map(Number);
  if (missions?.some((m) => !Number.isInteger(m) || m < 1 || m > 5)) usage('--mission takes numbers 1 to 5.');
  // bounds that exclude everything are a mistake, not a question: said, rather than answered with no battles
  const [pointsMin, pointsMax] = [int('--points-min', o.pointsMin), int('--points-max', o.pointsMax)];
  if (pointsMin !== undefined && pointsMax !== undefined && pointsMin > pointsMax)
    usage(`--points-min ${pointsMin} is more than --points-max ${pointsMax}: no army can be both; swap them?`);
  if (o.from !== undefined && o.to !== undefined && o.from > o.to) usage(`--from ${o.from} is after --to ${o.to}: swap them?`);
  if (o.source !== undefined && o.source !== 'play' && o.source !== 'paper') usage(`--source takes play or paper, not "${o.source}".`);
  return {
    source: o.source as DeskFilter['source'],
    versions: o.version,
    missions,
    variants: o.variant,
    clubs: o.club,
    factions: o.faction,
    pointsMin,
    pointsMax,
    rulings: o.ruling,
    from: o.from,
    to: o.to,
  };
}

/**
 * The clubs `--club` names, by id or by name as `designer clubs` lists them (names compared as people compare them):
 * an unknown or ambiguous one is refused, naming the clubs the desk holds.
 */
function clubIds(clubs: { clubId: string; name: string | null }[], asked: string[]): string[] {
  const known = () => clubs.map((c) => `${c.name ?? '(anonymous)'} (${c.clubId})`).join(', ') || 'none yet';
  return asked.map((a) => {
    if (clubs.some((c) => c.clubId === a)) return a;
    const named = clubs.filter((c) => c.name !== null && nameKey(c.name) === nameKey(a));
    if (named.length === 1) return named[0]!.clubId;
    if (named.length > 1) throw new CliRefusal(`Several clubs are called "${a}": give one by its id (${named.map((c) => c.clubId).join(', ')}).`);
    throw new CliRefusal(`The desk holds no club "${a}". The clubs it holds: ${known()}.`);
  });
}

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

/** `aoa designer import|clubs|report`: the designer's desk (issue 36), on a data folder of its own by default. */
export function registerDesignerCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const designer = program
    .command('designer')
    .description('the designer’s desk: playtest bundles from many clubs, merged (its own data folder unless --data-dir)');
  const desk = (g: GlobalOptions): GlobalOptions => ({ ...g, dataDir: designerDataDir(g) });

  subcommand(designer, globals, 'import', {
    description: 'import playtest bundles (.json or .json.gz); all are checked first, and one problem refuses them all',
    usage: { '<files...>': 'the bundle files' },
    action: async (g, files: string[]) => {
      const read = files.map((f) => {
        const path = resolve(f);
        try {
          return { name: basename(path), base64: readBoundedBytes(path, 'playtest bundle').toString('base64') };
        } catch (e) {
          throw fileRefusal(e, 'files');
        }
      });
      const r = await withApi(desk(g), (api) => api.call('desk.import', { files: read }));
      io.out(
        g.json
          ? JSON.stringify(r)
          : `Imported ${r.files} file${r.files === 1 ? '' : 's'} (${r.newBundles} new bundle${r.newBundles === 1 ? '' : 's'}): ` +
              `${r.added} battle${r.added === 1 ? '' : 's'} added, ${r.replaced} replaced by a newer export, ` +
              `${r.duplicates} in more than one of these files (counted once), ${r.alreadyHeld} already held.`,
      );
    },
  });

  subcommand(designer, globals, 'clubs', {
    description: 'the clubs whose bundles the desk holds',
    action: async (g) => {
      const clubs = await withApi(desk(g), (api) => api.call('desk.clubs', {}));
      if (g.json) return io.out(JSON.stringify(clubs));
      if (!clubs.length) return io.out('The desk holds no bundles yet.');
      for (const c of clubs) io.out(`${c.clubId}  ${c.name ?? '(anonymous)'}: ${c.battles} battles from ${c.bundles} bundle${c.bundles === 1 ? '' : 's'}`);
    },
  });

  subcommand(designer, globals, 'report', {
    description: 'the desk’s figures with their intervals (--json for every figure with its battles, --csv FILE, --pdf FILE)',
    usage: { '--csv <file>': 'write the figures as CSV', '--pdf <file>': 'write the figures as a PDF', ...FILTER_USAGE },
    action: async (g, opts: FilterOptions & { csv?: string; pdf?: string }) => {
      const asked = filterOf(io, opts);
      for (const f of [opts.csv, opts.pdf]) if (f && existsSync(resolve(f))) throw new CliRefusal(`${resolve(f)} already exists; choose a new file name.`);
      await withApi(desk(g), async (api) => {
        const filter = { ...asked, clubs: asked.clubs && clubIds(await api.call('desk.clubs', {}), asked.clubs) };
        if (opts.csv) {
          const r = await api.call('desk.csv', { filter });
          writeFileSync(resolve(opts.csv), r.text, { flag: 'wx' });
          if (!g.json) io.out(`Figures (CSV) written to ${resolve(opts.csv)}.`);
        }
        if (opts.pdf) {
          const r = await api.call('desk.pdf', { filter });
          writeFileSync(resolve(opts.pdf), Buffer.from(r.base64, 'base64'), { flag: 'wx' });
          if (!g.json) io.out(`Figures (PDF) written to ${resolve(opts.pdf)} (${r.pages} page${r.pages === 1 ? '' : 's'}).`);
        }
        if (g.json) return io.out(JSON.stringify((await api.call('desk.report', { filter, withKeys: true })).figures));
        if (opts.csv || opts.pdf) return;
        const { figures: f, names } = await api.call('desk.report', { filter });
        const name = (id: string) => names[id] ?? id;
        const few = (tooFew: boolean) => (tooFew ? '  (too few games)' : '');
        io.out(`${f.battles} battles from ${f.clubs} club${f.clubs === 1 ? '' : 's'}. Win rates with their 95% Wilson intervals, mirror matches left out:`);
        for (const x of f.factions)
          io.out(
            `  ${name(x.factionId)}: ${pct(x.winRate.estimate)} (${pct(x.winRate.lower)}–${pct(x.winRate.upper)}), n = ${x.n}${few(x.tooFew)}` +
              (x.adjusted
                ? `; adjusted for players ${pct(x.adjusted.winChance.estimate)} (${pct(x.adjusted.winChance.lower)}–${pct(x.adjusted.winChance.upper)})`
                : ''),
          );
        if (f.factionModel) io.out(`  ${factionModelNote(f.factionModel)}`);
        io.out(
          `First mover: ${pct(f.firstMover.winRate.estimate)} (${pct(f.firstMover.winRate.lower)}–${pct(f.firstMover.winRate.upper)}), n = ${f.firstMover.n}${few(f.firstMover.tooFew)}`,
        );
        for (const r of f.rulings) for (const c of r.factions) io.out(`  ${rulingLabel(r.ruling)}, ${name(c.factionId)}: ${c.words}${few(c.tooFew)}`);
      });
    },
  });
}

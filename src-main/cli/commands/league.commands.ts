import type { Command } from 'commander';
import { counted } from '../../../src-shared/naming';
import { resolve } from 'node:path';
import { isPostgresUrl } from '../../backend/db/league-url';
import type { MoveResult } from '../../backend/league/sync';
import { chosenDatabase } from '../../backend/paths';
import { CliRefusal, type CliIo, type GlobalOptions } from '../runtime';
import { REQUIRED, subcommand } from '../subcommand';

/** The league password from the environment when the URL carries none (a pgpass file is read by the driver itself). */
const PASSWORD_ENV = 'AOA_DATABASE_PASSWORD';

function leagueUrl(arg: string | undefined, g: GlobalOptions): string {
  const url = arg ?? chosenDatabase(g.database);
  if (!url) throw new CliRefusal('Name the league database: a postgres:// URL as argument, with --database, or in $AOA_DATABASE_URL.');
  if (!isPostgresUrl(url)) throw new CliRefusal('The league database must be a postgres:// URL, written postgres://USER@HOST:PORT/DATABASE.');
  return url;
}

function report(io: CliIo, g: GlobalOptions, verb: string, r: MoveResult): void {
  if (g.json) return io.out(JSON.stringify(r, null, 2));
  const i = r.imported;
  io.out(
    `${verb}: ${counted(i.campaigns, 'campaign')}, ${i.campaignsAdded} new; added ${counted(i.playersAdded, 'player')}, ${counted(i.eventsAdded, 'event')}, ` +
      `${counted(i.entriesAdded, 'entry', 'entries')}, ${counted(i.finishesAdded, 'finish', 'finishes')}, ${counted(i.rostersAdded, 'roster')}, ${counted(i.rulesetVersionsAdded, 'ruleset version')}.`,
  );
  const copied = Object.entries(r.copied).filter(([, n]) => n > 0);
  io.out(`Other rows copied: ${copied.length ? copied.map(([k, n]) => `${k} ${n}`).join(', ') : 'none (all there already)'}.`);
  io.out(
    `Verified on both sides: ${Object.entries(r.digest.counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  io.out(`Content hash (sha256): ${r.digest.hash}`);
}

/** `league init URL` · `league push --from FILE` · `league pull --to FILE`: a club's ledger into a league's PostgreSQL database and back. */
export function registerLeagueCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const league = program.command('league').description("league mode: a PostgreSQL database shared by several clubs' organisers");

  subcommand(league, globals, 'init', {
    description: 'create the league schema and two roles: an owner for upgrades, an organiser with data rights only (run as the server admin)',
    usage: {
      '[url]': 'postgres://ADMIN@HOST:PORT/DATABASE (default: --database or $AOA_DATABASE_URL)',
      '--owner <role>': ['the owner role', 'aoa_owner'],
      '--organiser <role>': ['the organiser role', 'aoa_organiser'],
    },
    action: async (g, url: string | undefined, opts: { owner: string; organiser: string }) => {
      const { initLeague } = await import('../../backend/db/league-roles');
      const r = await initLeague({
        url: leagueUrl(url, g),
        password: process.env[PASSWORD_ENV],
        owner: opts.owner,
        organiser: opts.organiser,
        // role passwords come from the environment only: never from the command line, where other users can see them
        ownerPassword: process.env.AOA_LEAGUE_OWNER_PASSWORD,
        organiserPassword: process.env.AOA_LEAGUE_ORGANISER_PASSWORD,
      });
      if (g.json) return io.out(JSON.stringify(r, null, 2));
      io.out(`League database ${r.database} is ready (schema ${r.schemaVersion} steps).`);
      io.out(
        `Roles: ${r.owner} (owns the schema, upgrades it), ${r.organiser} (reads and writes rows only)${r.created.length ? `; created ${r.created.join(', ')}` : ''}.`,
      );
      io.out(
        `Organisers connect as postgres://${r.organiser}@HOST:PORT/${r.database} (password in Settings → Ledger, $AOA_DATABASE_PASSWORD or a pgpass file).`,
      );
    },
  });

  subcommand(league, globals, 'push', {
    description: "copy every campaign of a club's ledger file into the league (merged like a campaign import; safe to repeat)",
    usage: { '--from <file>': ['the ledger file (ledger.sqlite)', REQUIRED], '[url]': 'the league (default: --database or $AOA_DATABASE_URL)' },
    action: async (g, url: string | undefined, opts: { from: string }) => {
      const { pushToLeague } = await import('../../backend/league/sync');
      report(io, g, 'Pushed', await pushToLeague({ from: resolve(opts.from), url: leagueUrl(url, g), password: process.env[PASSWORD_ENV] }));
    },
  });

  subcommand(league, globals, 'pull', {
    description: "a complete offline copy of the league's campaigns in a ledger file (created, or merged into)",
    usage: { '--to <file>': ['the ledger file to write', REQUIRED], '[url]': 'the league (default: --database or $AOA_DATABASE_URL)' },
    action: async (g, url: string | undefined, opts: { to: string }) => {
      const { pullFromLeague } = await import('../../backend/league/sync');
      report(io, g, 'Pulled', await pullFromLeague({ to: resolve(opts.to), url: leagueUrl(url, g), password: process.env[PASSWORD_ENV] }));
    },
  });
}

import { Command, CommanderError } from 'commander';
import { APP_VERSION } from '../backend/version';
import { registerDbCommands } from './commands/db.commands';
import { registerBattleCommands } from './commands/battle.commands';
import { registerPrintCommands } from './commands/print.commands';
import { registerCampaignCommands } from './commands/campaign.commands';
import { registerRosterCommands } from './commands/roster.commands';
import { registerOddsCommands } from './commands/odds.commands';
import { registerRulesetCommands } from './commands/ruleset.commands';
import { registerLeagueCommands } from './commands/league.commands';
import { registerClubNightCommands } from './commands/club-night.commands';
import { registerPlaytestCommands } from './commands/playtest.commands';
import { registerDesignerCommands } from './commands/designer.commands';
import { describeError, EXIT, processIo, type CliIo, type GlobalOptions } from './runtime';
import { escapingIo } from './safe-output';

/**
 * Builds the CLI. Each domain registers its commands from its own module in
 * `commands/`; they all reach the ledger through the same handlers as the app.
 */
export function buildProgram(io: CliIo = processIo): Command {
  const program = new Command();
  program
    .name('aoa')
    .description('Age of Ash Campaign Manager: command line for organisers and scripts')
    .version(APP_VERSION)
    .option('--data-dir <dir>', "the data folder (default: the app's own, or $AOA_DATA_DIR)")
    .option('--database <url>', 'a league database, postgres://USER@HOST:PORT/DB (default: $AOA_DATABASE_URL, else the SQLite ledger)')
    .option('--json', 'print results as JSON')
    .enablePositionalOptions()
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });

  // Program options are read before the command only (so `ruleset export --version 2` means the
  // pack version, not the app's); every command also accepts --data-dir and --json itself, and
  // the action sees both merged.
  let current: GlobalOptions = {};
  program.hook('preAction', (_self, action) => {
    current = { ...program.opts<GlobalOptions>(), ...action.optsWithGlobals<GlobalOptions>() };
  });
  const globals = (): GlobalOptions => current;
  registerDbCommands(program, io, globals);
  registerBattleCommands(program, io, globals);
  registerPrintCommands(program, io, globals);
  registerCampaignCommands(program, io, globals);
  registerRulesetCommands(program, io, globals);
  registerRosterCommands(program, io, globals);
  registerOddsCommands(program, io, globals);
  registerLeagueCommands(program, io, globals);
  registerClubNightCommands(program, io, globals);
  registerPlaytestCommands(program, io, globals);
  registerDesignerCommands(program, io, globals);
  acceptGlobalOptionsEverywhere(program);
  return program;
}

function acceptGlobalOptionsEverywhere(cmd: Command): void {
  for (const c of cmd.commands) {
    if (!c.options.some((o) => o.long === '--data-dir')) c.option('--data-dir <dir>', 'the data folder (also accepted before the command)');
    if (!c.options.some((o) => o.long === '--json')) c.option('--json', 'print results as JSON');
    if (!c.options.some((o) => o.long === '--database')) c.option('--database <url>', 'a league database (also accepted before the command)');
    acceptGlobalOptionsEverywhere(c);
  }
}

/** Runs the CLI and returns its exit code: 0 done, 1 refused, 2 bad usage. */
export async function runCli(argv: string[], rawIo: CliIo = processIo): Promise<number> {
  // every line the CLI prints, names from the ledger and messages alike, is escaped here
  const io = escapingIo(rawIo);
  const program = buildProgram(io);
  // sub-commands inherit exitOverride and output
  for (const c of program.commands) c.exitOverride().configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return EXIT.OK;
      return EXIT.USAGE;
    }
    const d = describeError(e);
    io.err(d.message);
    if (program.opts<GlobalOptions>().json || argv.includes('--json'))
      io.out(JSON.stringify({ ok: false, code: d.code, message: d.message, issues: d.issues }));
    return EXIT.REFUSED;
  }
}

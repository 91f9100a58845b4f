import type { Command } from 'commander';
import type { GlobalOptions } from './runtime';

/** Marks an option in a usage list as one the command cannot run without (commander's `requiredOption`). */
export const REQUIRED = Symbol('required option');

/**
 * A command's usage, keyed by how each line is written: an argument (`<name>`
 * or `[name]`) or an option (`--flag <value>`), each with its description, or
 * for an option `[description, default value or REQUIRED]`. Arguments keep
 * their order among themselves, options among themselves; help lists the two
 * apart.
 */
type Usage = Readonly<Record<string, string | readonly [description: string, defaultOrRequired: string | typeof REQUIRED]>>;

export interface SubcommandSpec<A extends unknown[]> {
  description: string;
  usage?: Usage;
  /** Handed the global options (`--json`, `--data-dir`, `--database`, before or after the command) first, then what commander passes: the arguments, the options, the command. */
  action(g: GlobalOptions, ...args: A): unknown;
}

/** Adds the command `name` beneath `parent` as `spec` declares it, and returns it. */
export function subcommand<A extends unknown[]>(parent: Command, globals: () => GlobalOptions, name: string, spec: SubcommandSpec<A>): Command {
  const cmd = parent.command(name).description(spec.description);
  for (const [syntax, line] of Object.entries(spec.usage ?? {})) {
    const [description, extra] = typeof line === 'string' ? [line] : line;
    if (!syntax.startsWith('-')) cmd.argument(syntax, description);
    else if (extra === REQUIRED) cmd.requiredOption(syntax, description);
    else cmd.option(syntax, description, extra);
  }
  return cmd.action(async (...args: unknown[]) => {
    await spec.action(globals(), ...(args as A));
  });
}

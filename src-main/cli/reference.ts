import type { Command } from 'commander';
import { buildProgram } from './program';

/** Where the generated reference sits in docs/guide/command-line.md. */
export const REFERENCE_START = '<!-- cli-reference:start (written by npm run docs:cli from the CLI’s own help) -->';
export const REFERENCE_END = '<!-- cli-reference:end -->';

/** Every command below `cmd`, depth first, in the order `aoa --help` lists them. */
function commandsOf(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...commandsOf(c)]);
}

const pathOf = (cmd: Command): string => (cmd.parent ? `${pathOf(cmd.parent)} ${cmd.name()}` : cmd.name());

/**
 * The command line's reference in Markdown, from the program's own help (commander's, at a fixed width so it does not
 * depend on the terminal): what `aoa --help` and each `aoa COMMAND --help` print, so the guide cannot drift from the CLI.
 */
export function cliReference(): string {
  const program = buildProgram({ out: () => undefined, err: () => undefined });
  const all = [program, ...commandsOf(program)];
  for (const c of all) c.configureHelp({ helpWidth: 100 });
  const block = (cmd: Command) => `### \`${pathOf(cmd)}\`\n\n\`\`\`text\n${cmd.helpInformation().trimEnd()}\n\`\`\`\n`;
  return [REFERENCE_START, '', ...all.filter((c) => c === program || c.commands.length === 0).map(block), REFERENCE_END].join('\n');
}

/** `markdown` with its reference section replaced by `reference` (appended under a heading when it has none yet). */
export function withReference(markdown: string, reference: string): string {
  const start = markdown.indexOf(REFERENCE_START);
  const end = markdown.indexOf(REFERENCE_END);
  if (start < 0 || end < start) return `${markdown.trimEnd()}\n\n## Reference\n\n${reference}\n`;
  return markdown.slice(0, start) + reference + markdown.slice(end + REFERENCE_END.length);
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliReference, REFERENCE_END, REFERENCE_START, withReference } from '../../src-main/cli/reference';

// The command line's guide carries the CLI's own help (issue 43): a command added, renamed or given an option shows
// here until `npm run docs:cli` writes the guide again.
describe('the command line guide', () => {
  const guide = readFileSync(join(__dirname, '../../docs/guide/command-line.md'), 'utf8');

  it('holds the reference the CLI prints today (npm run docs:cli writes it)', () => {
    const start = guide.indexOf(REFERENCE_START);
    const end = guide.indexOf(REFERENCE_END);
    expect(start, 'the reference markers').toBeGreaterThan(0);
    expect(guide.slice(start, end + REFERENCE_END.length)).toBe(cliReference());
  });

  it('lists every command a user types, each with its usage', () => {
    const reference = cliReference();
    for (const command of ['aoa db check', 'aoa backup', 'aoa campaign import', 'aoa club-night start', 'aoa designer report', 'aoa playtest export'])
      expect(reference).toContain(`### \`${command}\``);
    expect(reference).toMatch(/Usage: aoa designer report \[options\]/);
  });

  it('replaces the old reference and keeps the rest of the guide', () => {
    const old = `# Guide\n\nintro\n\n${REFERENCE_START}\nold\n${REFERENCE_END}\n\nafter\n`;
    expect(withReference(old, `${REFERENCE_START}\nnew\n${REFERENCE_END}`)).toBe(`# Guide\n\nintro\n\n${REFERENCE_START}\nnew\n${REFERENCE_END}\n\nafter\n`);
    expect(withReference('# Guide\n', 'R')).toBe('# Guide\n\n## Reference\n\nR\n');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { repoFiles } from '../helpers/repo-files';

// The house's documents stay readable (issue 43): a README an organiser reads in one sitting, and no link in the
// docs that leads nowhere. Links are read by a Markdown parser (marked's lexer), anchors checked against the target's
// headings as GitHub names them (github-slugger).

const ROOT = resolve(__dirname, '../..');
const README_MAX_BYTES = 12_000;
const ARCHITECTURE_MAX_BYTES = 20_000;

const DOCS = [join(ROOT, 'README.md'), ...repoFiles('docs', /\.md$/).map((p) => join(ROOT, p))];

/** Every link and image target in a Markdown text, in order. */
function targets(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'link' || t.type === 'image') found.push((t as Tokens.Link | Tokens.Image).href);
      const children = t as { tokens?: Token[]; items?: Tokens.ListItem[]; rows?: Tokens.TableCell[][]; header?: Tokens.TableCell[] };
      if (children.tokens) walk(children.tokens);
      if (children.items) walk(children.items);
      if (children.header) walk(children.header.flatMap((c) => c.tokens));
      if (children.rows) walk(children.rows.flat().flatMap((c) => c.tokens));
    }
  };
  walk(Lexer.lex(markdown));
  return found;
}

/** The anchors GitHub gives a Markdown file's headings. */
function anchors(path: string): Set<string> {
  const slugger = new GithubSlugger();
  return new Set(
    Lexer.lex(readFileSync(path, 'utf8'))
      .filter((t): t is Tokens.Heading => t.type === 'heading')
      .map((h) => slugger.slug(h.text)),
  );
}

/** Why a relative link from `from` leads nowhere, or null when it resolves. */
function broken(from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return null; // http:, https:, mailto: — not checked offline
  const [file, anchor] = href.split('#') as [string, string | undefined];
  const target = file === '' ? from : resolve(dirname(from), decodeURI(file));
  if (!existsSync(target)) return `${href}: no such file`;
  if (anchor && target.endsWith('.md') && !anchors(target).has(anchor)) return `${href}: no heading #${anchor}`;
  return null;
}

describe('the docs', () => {
  it(`README.md is at most ${README_MAX_BYTES} bytes: what the app is, the commands, and where to read on`, () => {
    expect(Buffer.byteLength(readFileSync(join(ROOT, 'README.md'), 'utf8'))).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it(`docs/ARCHITECTURE.md is at most ${ARCHITECTURE_MAX_BYTES} bytes: the map, with the detail on its own pages`, () => {
    expect(Buffer.byteLength(readFileSync(join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8'))).toBeLessThanOrEqual(ARCHITECTURE_MAX_BYTES);
  });

  it('finds the links of README.md (the checker reads what it checks)', () => {
    const found = targets(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(found).toContain('docs/guide/club-night.md');
    expect(found).toContain('docs/screenshots/home.png');
  });

  it.each(DOCS.map((p) => [relative(ROOT, p), p]))('every relative link of %s resolves', (_, path) => {
    const text = readFileSync(path, 'utf8');
    expect(
      targets(text)
        .map((href) => broken(path, href))
        .filter(Boolean),
    ).toEqual([]);
  });

  it('tells a link that leads nowhere (a missing file, a missing heading)', () => {
    const readme = join(ROOT, 'README.md');
    expect(broken(readme, 'docs/guide/no-such-guide.md')).toMatch(/no such file/);
    expect(broken(readme, 'docs/guide/club-night.md#no-such-heading')).toMatch(/no heading/);
    expect(broken(readme, 'docs/guide/organiser-evening.md#play-mode')).toBeNull();
  });
});

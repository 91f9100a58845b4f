// docs/PERFORMANCE.md's table, generated (issue 43): the bench cases are read from test/bench/*.bench.ts by
// TypeScript's parser (importing them loads the backend, pdfmake and Playwright, about 6 s), the latest known result
// of each figure is kept in docs/performance/figures.json, and the table with a line per figure on what bounds it is
// written between the markers below. `npm run docs:performance` (scripts/write-performance-doc.mjs) runs it;
// test/unit/performance-doc.test.ts fails when the doc, figures.json and the cases disagree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const PERFORMANCE_START = '<!-- performance:start -->';
const PERFORMANCE_END = '<!-- performance:end -->';

/** A bench case as its source declares it: what the doc needs without running it. */
interface CaseSource {
  file: string;
  name: string;
  bound: string | null;
  targetMs: number;
  maxRatio: number | null;
  stat: 'median' | 'total';
  baselineName: string | null;
}

/** One figure's latest known result, as kept in docs/performance/figures.json. */
interface FigureRow {
  file: string;
  bound: string;
  stat: 'median' | 'total';
  targetMs: number;
  maxRatio: number | null;
  /** The median (or total for one-shot figures) in ms; null when no single number is recorded. */
  ms: number | null;
  baselineName: string | null;
  baselineMs: number | null;
  ratio: number | null;
  pass: boolean | null;
  /** The machine it ran on, in words (CPU, cores, Node); null when none is recorded. */
  machine: string | null;
  /** The day it ran (YYYY-MM-DD); null when none is recorded. */
  date: string | null;
  /** "bench" for a run of `npm run bench`, "transcribed" for a number copied from the hand-written doc, null when never measured. */
  source: 'bench' | 'transcribed' | null;
  /** What a transcribed figure recorded when it was not one number (a range over runs), as the doc wrote it. */
  recorded?: string;
  note?: string;
}

export type Figures = Record<string, FigureRow>;

/** What test/bench/run.ts writes to test/artifacts/bench-results.json (the fields read here). */
export interface BenchRun {
  at: string;
  machine: { cpu: string; cores: number; node: string; platform: string };
  results: {
    file: string;
    name: string;
    stat: 'median' | 'total';
    ms: number | null;
    baselineMs?: number | null;
    baseline?: { name: string; ms: number | null };
    ratio: number | null;
    pass: boolean;
    error?: string;
  }[];
}

// --- reading the cases ------------------------------------------------------------------------------------------

type Value = string | number | boolean | undefined;
type Env = Map<string, Value>;

class Unreadable extends Error {}

function evaluate(node: ts.Expression, env: Env, file: string): Value {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text.replaceAll('_', ''));
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return evaluate(node.expression, env, file);
  if (ts.isIdentifier(node)) {
    if (node.text === 'undefined') return undefined;
    if (!env.has(node.text)) throw new Unreadable(`${file}: cannot read ${node.text}`);
    return env.get(node.text);
  }
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => String(evaluate(s.expression, env, file)) + s.literal.text).join('');
  if (ts.isConditionalExpression(node)) return evaluate(node.condition, env, file) ? evaluate(node.whenTrue, env, file) : evaluate(node.whenFalse, env, file);
  if (ts.isBinaryExpression(node)) {
    const [a, b] = [evaluate(node.left, env, file), evaluate(node.right, env, file)];
    switch (node.operatorToken.kind) {
      case ts.SyntaxKind.AsteriskToken:
        return Number(a) * Number(b);
      case ts.SyntaxKind.PlusToken:
        return typeof a === 'number' && typeof b === 'number' ? a + b : String(a) + String(b);
      case ts.SyntaxKind.EqualsEqualsEqualsToken:
        return a === b;
    }
  }
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'toLocaleString') {
    const locale = node.arguments[0] ? String(evaluate(node.arguments[0], env, file)) : undefined;
    return Number(evaluate(node.expression.expression, env, file)).toLocaleString(locale);
  }
  throw new Unreadable(`${file}: cannot read ${node.getText()}`);
}

/** The function a node is written in (a declaration or an arrow held by a const), with its name; null at top level. */
function enclosingFunction(node: ts.Node): { name: string; params: readonly ts.ParameterDeclaration[]; node: ts.Node } | null {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n) && n.name) return { name: n.name.text, params: n.parameters, node: n };
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isVariableDeclaration(n.parent) && ts.isIdentifier(n.parent.name))
      return { name: n.parent.name.text, params: n.parameters, node: n };
    if (ts.isFunctionLike(n)) throw new Unreadable(`a bench case inside an anonymous function`);
  }
  return null;
}

/** Every binding of the names a node can see: top-level constants, and a factory's parameters once per call. */
function environments(node: ts.Node, top: Env, source: ts.SourceFile, file: string): Env[] {
  const fn = enclosingFunction(node);
  if (!fn) return [top];
  const calls: ts.CallExpression[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === fn.name) calls.push(n);
    ts.forEachChild(n, visit);
  };
  visit(source);
  return calls.flatMap((call) =>
    environments(call, top, source, file).map((env) => {
      const bound = new Map(env);
      fn.params.forEach((p, i) => {
        if (!ts.isIdentifier(p.name)) return;
        const arg = call.arguments[i];
        // a function's argument (the work to time) is never read here; an unreadable one stays unbound
        try {
          bound.set(p.name.text, arg ? evaluate(arg, env, file) : undefined);
        } catch (e) {
          if (!(e instanceof Unreadable)) throw e;
          bound.delete(p.name.text);
        }
      });
      return bound;
    }),
  );
}

function property(obj: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return p.name;
  }
  return undefined;
}

/** The cases of one bench file's source: every object literal with a `targetMs`, once per call of the factory holding it. */
export function casesOfSource(file: string, text: string): CaseSource[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const top: Env = new Map();
  for (const st of source.statements)
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer)
          try {
            top.set(d.name.text, evaluate(d.initializer, top, file));
          } catch (e) {
            if (!(e instanceof Unreadable)) throw e;
          }
  const literals: ts.ObjectLiteralExpression[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isObjectLiteralExpression(n) && property(n, 'targetMs') && property(n, 'name')) literals.push(n);
    ts.forEachChild(n, visit);
  };
  visit(source);
  return literals.flatMap((obj) =>
    environments(obj, top, source, file).map((env) => {
      const read = (name: string) => {
        const e = property(obj, name);
        return e === undefined ? undefined : evaluate(e, env, file);
      };
      const baseline = property(obj, 'baseline');
      const baselineName = baseline && ts.isObjectLiteralExpression(baseline) ? evaluate(property(baseline, 'name')!, env, file) : undefined;
      const bound = read('bound');
      return {
        file,
        name: String(read('name')),
        bound: typeof bound === 'string' && bound.trim() ? bound : null,
        targetMs: Number(read('targetMs')),
        maxRatio: (read('maxRatio') as number | undefined) ?? null,
        stat: read('stat') === 'total' ? 'total' : 'median',
        baselineName: typeof baselineName === 'string' ? baselineName : null,
      } satisfies CaseSource;
    }),
  );
}

/** Every case of test/bench/*.bench.ts, read from the sources, in file order. */
export function benchCases(benchDir: string): CaseSource[] {
  return readdirSync(benchDir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()
    .flatMap((f) => casesOfSource(f, readFileSync(join(benchDir, f), 'utf8')));
}

// --- merging a run ----------------------------------------------------------------------------------------------

const machineOf = (m: BenchRun['machine']) => `${m.cpu}, ${m.cores} cores, Node ${m.node.replace(/^v/, '')}`;

/**
 * figures.json after a run: each figure the run measured replaces that figure's row only (a figure that failed to
 * run keeps its former numbers); every case gets a row, and each row takes its case's bound, target and baseline's
 * name from the source. Rows of cases no longer in the bench are dropped.
 */
export function mergeFigures(figures: Figures, cases: CaseSource[], run: BenchRun | null): Figures {
  const measured = new Map((run?.results ?? []).filter((r) => !r.error && r.ms !== null).map((r) => [r.name, r]));
  const out: Figures = {};
  for (const c of cases) {
    const old = figures[c.name];
    const r = measured.get(c.name);
    const fromSource = { file: c.file, bound: c.bound ?? '', stat: c.stat, targetMs: c.targetMs, maxRatio: c.maxRatio, baselineName: c.baselineName };
    if (r && run)
      out[c.name] = {
        ...fromSource,
        ms: r.ms,
        baselineMs: r.baselineMs ?? r.baseline?.ms ?? null,
        ratio: r.ratio,
        pass: r.pass,
        machine: machineOf(run.machine),
        date: run.at.slice(0, 10),
        source: 'bench',
      };
    else if (old) out[c.name] = { ...old, ...fromSource };
    else out[c.name] = { ...fromSource, ms: null, baselineMs: null, ratio: null, pass: null, machine: null, date: null, source: null };
  }
  return out;
}

// --- writing the table ------------------------------------------------------------------------------------------

/** A time as the table shows it: seconds from 1 s, whole ms from 100 ms, else two or three significant digits. */
export function formatMs(ms: number): string {
  const digits = (v: number, d: number) => String(Number(v.toFixed(d)));
  if (ms >= 1000) return `${digits(ms / 1000, ms >= 10_000 ? 1 : 2)} s`;
  if (ms >= 100) return `${digits(ms, 0)} ms`;
  return `${digits(ms, ms >= 10 ? 1 : 2)} ms`;
}

/** A ratio as the table shows it: one decimal from ×1, two significant digits below. */
export const formatRatio = (r: number) => `×${r >= 1 ? r.toFixed(1) : String(Number(r.toPrecision(2)))}`;

const cell = (s: string) => s.replaceAll('|', '\\|');

function row(name: string, f: FigureRow): string[] {
  const median = f.ms !== null ? `${formatMs(f.ms)}${f.stat === 'total' ? ' total' : ''}` : (f.recorded ?? '—');
  const target = `< ${formatMs(f.targetMs)}${f.maxRatio === null ? '' : `, ≤ ×${f.maxRatio}`}`;
  const baseline = f.baselineMs !== null ? formatMs(f.baselineMs) : f.baselineName ? '—' : '';
  const ratio = f.ratio !== null ? formatRatio(f.ratio) : '';
  const pass = f.pass === null ? '' : f.pass ? 'yes' : '**no**';
  const date = f.date ? `${f.date}${f.source === 'transcribed' ? ' (transcribed)' : ''}` : '';
  return [name, median, target, baseline, ratio, f.machine ?? '', date, pass].map(cell);
}

/** The generated part of docs/PERFORMANCE.md: the table, then one line per figure on what bounds it, between the markers. */
export function performanceSection(figures: Figures): string {
  const head = ['figure', 'median', 'target', 'baseline', 'ratio', 'machine', 'date', 'pass'];
  const rows = Object.entries(figures).map(([name, f]) => row(name, f));
  const widths = head.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const table = [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
  const bounds = Object.entries(figures)
    .map(([name, f]) => {
      const baseline = f.baselineName ? ` Baseline: ${f.baselineName}.` : '';
      return `- **${name}**: bounded by ${f.bound}.${baseline}${f.note ? ` ${f.note}` : ''}`;
    })
    .join('\n');
  return [
    PERFORMANCE_START,
    '<!-- prettier-ignore-start -->',
    '<!-- Written by `npm run docs:performance` from docs/performance/figures.json; edit the bench cases or run the bench, not this table. -->',
    '',
    table,
    '',
    'What bounds each figure (its `bound` in `test/bench/*.bench.ts`):',
    '',
    bounds,
    '',
    '<!-- prettier-ignore-end -->',
    PERFORMANCE_END,
  ].join('\n');
}

/** The doc with its generated section replaced (or appended when the markers are missing). */
export function withPerformanceSection(doc: string, section: string): string {
  const start = doc.indexOf(PERFORMANCE_START);
  const end = doc.indexOf(PERFORMANCE_END);
  if (start < 0 || end < start) return `${doc.trimEnd()}\n\n${section}\n`;
  return doc.slice(0, start) + section + doc.slice(end + PERFORMANCE_END.length);
}

/** The generated section as it stands in a doc, or null without markers. */
export function sectionOf(doc: string): string | null {
  const start = doc.indexOf(PERFORMANCE_START);
  const end = doc.indexOf(PERFORMANCE_END);
  return start < 0 || end < start ? null : doc.slice(start, end + PERFORMANCE_END.length);
}

// Writes docs/PERFORMANCE.md's table from the bench (issue 43): merges test/artifacts/bench-results.json, when a
// run of `npm run bench` left one, into docs/performance/figures.json (a figure the run measured replaces that
// figure's row only), then writes the table and a line per figure on what bounds it between the doc's markers.
// test/unit/performance-doc.test.ts fails until this is run after a bench case or figures.json changes.
// Run with: npm run docs:performance
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const { benchCases, mergeFigures, performanceSection, withPerformanceSection } = await tsImport('../test/bench/performance-doc.ts', import.meta.url);
const path = (p) => fileURLToPath(import.meta.resolve(`../${p}`));
const figuresPath = path('docs/performance/figures.json');
const docPath = path('docs/PERFORMANCE.md');
const runPath = path('test/artifacts/bench-results.json');

const run = existsSync(runPath) ? JSON.parse(readFileSync(runPath, 'utf8')) : null;
const figures = mergeFigures(existsSync(figuresPath) ? JSON.parse(readFileSync(figuresPath, 'utf8')) : {}, benchCases(path('test/bench')), run);
writeFileSync(figuresPath, `${JSON.stringify(figures, null, 2)}\n`);
writeFileSync(docPath, withPerformanceSection(readFileSync(docPath, 'utf8'), performanceSection(figures)));
const measured = run ? run.results.filter((r) => r.name in figures && !r.error && r.ms !== null).length : 0;
console.log(`docs/PERFORMANCE.md: ${Object.keys(figures).length} figures written, ${measured} of them from the run of ${run?.at ?? '(no run)'}.`);

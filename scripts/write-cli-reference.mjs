// Writes the command line's reference into docs/guide/command-line.md from the CLI's own help (issue 43), so the
// guide cannot drift from the program: test/unit/cli-reference.test.ts fails until this is run after a change.
// Run with: npm run docs:cli
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const { cliReference, withReference } = await tsImport('../src-main/cli/reference.ts', import.meta.url);
const path = fileURLToPath(import.meta.resolve('../docs/guide/command-line.md'));
writeFileSync(path, withReference(readFileSync(path, 'utf8'), cliReference()));
console.log('docs/guide/command-line.md: the reference written from `aoa --help`.');

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The boundary errors ESLint reports for `code` placed at `filePath`. */
async function crossings(filePath: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath });
  return r!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

/**
 * The arrows of docs/ARCHITECTURE.md, enforced by eslint-plugin-boundaries:
 * each case imports a real module of another layer from a file of a layer.
 */
describe('layers import only along the arrows (enforced by lint)', () => {
  it.each([
    ['src-shared/battle/x.ts', "import { heading } from '../../templates/pdf/pieces';", 'the domain reaching the templates'],
    ['src-shared/x.ts', "import { startBackend } from '../src-main/backend/backend';", 'the domain reaching the backend'],
    ['templates/x.ts', "import { startBackend } from '../src-main/backend/backend';", 'a template reaching the backend'],
    ['src-renderer/src/x.ts', "import { startBackend } from '../../src-main/backend/backend';", 'the renderer reaching the backend'],
    ['src-renderer/src/x.ts', "import { heading } from '../../templates/pdf/pieces';", 'the renderer reaching the templates'],
    ['src-main/security/x.ts', "import { startBackend } from '../backend/backend';", 'security policy reaching the backend'],
    ['src-main/backend/x.ts', "import { startShell } from '../shell/shell';", 'the backend reaching the Electron shell'],
    ['src-main/backend/x.ts', "import { runCli } from '../cli/program';", 'the backend reaching the CLI'],
    ['migrations/x.ts', "import { AppError } from '../src-shared/errors';", 'a migration reaching app code (they are frozen in time)'],
  ])('refuses %s: %s (%s)', async (file, line) => {
    expect(await crossings(file, `${line}\nexport const y = 1;\n`)).not.toEqual([]);
  });

  it.each([
    ['templates/x.ts', "import { AppError } from '../src-shared/errors';"],
    ['src-main/backend/x.ts', "import { heading } from '../../templates/pdf/pieces';"],
    ['src-main/backend/x.ts', "import { MIGRATIONS } from '../../migrations';"],
    ['src-main/shell/x.ts', "import { startBackend } from '../backend/backend';"],
    ['src-main/server/x.ts', "import { isAllowedHost } from '../security/policy';"],
    ['src-renderer/src/x.ts', "import { appContract } from '../../src-shared/contract';"],
  ])('allows %s: %s', async (file, line) => {
    expect(await crossings(file, `${line}\nexport const y = 1;\n`)).toEqual([]);
  });
});

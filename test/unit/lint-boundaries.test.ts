import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function lint(filePath: string, code: string) {
  const [r] = await eslint.lintText(code, { filePath });
  return r!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('src-shared stays pure domain code (enforced by lint)', () => {
  it.each([
    "import { readFileSync } from 'node:fs';",
    "import fs from 'fs';",
    "import { app } from 'electron';",
    "import { useState } from 'react';",
    "import Database from 'better-sqlite3';",
    "import { Kysely } from 'kysely';",
    "import { x } from '../src-main/backend/backend';",
  ])('refuses %s', async (line) => {
    expect(await lint('src-shared/example.ts', `${line}\nexport const y = 1;\n`)).not.toEqual([]);
  });

  it('accepts zod and relative domain imports', async () => {
    expect(await lint('src-shared/example.ts', "import { z } from 'zod';\nimport { AppError } from './errors';\nexport const y = [z, AppError];\n")).toEqual(
      [],
    );
  });

  it('keeps the renderer off Node and the database', async () => {
    expect(await lint('src-renderer/src/x.ts', "import { readFileSync } from 'node:fs';\nexport const y = readFileSync;\n")).not.toEqual([]);
  });
});

describe('SQL lives in src-main/backend/db (enforced by lint)', () => {
  async function syntaxErrors(filePath: string, code: string) {
    const [r] = await eslint.lintText(code, { filePath });
    return r!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }
  const query = "export async function f(db: any) {\n  return db.selectFrom('players').selectAll().execute();\n}\n";
  const write = "export async function f(db: any) {\n  await db.insertInto('players').values({}).execute();\n  await db.deleteFrom('players').execute();\n}\n";
  const raw = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";

  it.each([
    ['a query in a handler', 'src-main/backend/handlers/example.handlers.ts', query, 1],
    ['writes in a use case', 'src-main/backend/campaigns/example.ts', write, 2],
    ['a raw sql template in a job', 'src-main/backend/jobs/example.ts', raw, 1],
    ['a query in the CLI', 'src-main/cli/commands/example.commands.ts', query, 1],
  ])('refuses %s', async (_what, file, code, n) => {
    const errors = await syntaxErrors(file, code);
    expect(errors).toHaveLength(n);
    for (const e of errors) expect(e).toContain('src-main/backend/db');
  });

  it.each([
    ['a table module', 'src-main/backend/db/tables/example.table.ts'],
    ['a repository module', 'src-main/backend/db/tables/example.repo.ts'],
    ['a migration', 'migrations/0099_example.ts'],
    ['a test', 'test/integration/example.test.ts'],
  ])('allows queries in %s', async (_what, file) => {
    expect(await syntaxErrors(file, query + raw.replace('export const q', 'export const r'))).toEqual([]);
  });

  it('still refuses a variable named require outside the database layer', async () => {
    expect(await syntaxErrors('src-main/backend/handlers/example.handlers.ts', 'const require = 1;\nexport const y = require;\n')).not.toEqual([]);
  });
});

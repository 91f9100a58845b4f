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

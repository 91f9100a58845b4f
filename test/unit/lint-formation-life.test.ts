import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

const LIFE = 'formation-life.ts';

/** The messages of no-restricted-syntax that point to formation-life.ts for this snippet at this path. */
async function lifeErrors(filePath: string, code: string) {
  const [r] = await eslint.lintText(code, { filePath });
  return r!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes(LIFE)).map((m) => m.message);
}

/** A formation's life is read through formation-life.ts (issue 40): enforced by lint in the handlers and Play Mode's and the phone's screens. */
describe('a formation’s raw counters and reserve flag stay in formation-life.ts (enforced by lint)', () => {
  const handler = 'src-shared/battle/handlers/example.ts';
  const panel = 'src-renderer/src/sections/play/battle/ExamplePanel.tsx';
  const phone = 'src-renderer/src/phone/ExamplePage.tsx';

  it.each([
    ['a handler reading losses', handler, 'export const gone = (f: any) => f.startingModels - f.killed - f.retreated === 0;\n', 2],
    ['a handler writing the reserve flag', handler, 'export function uncloak(f: any) {\n  f.inReserve = false;\n  f.uncloakedRound = 2;\n}\n', 2],
    ['a Play Mode panel testing the reserve flag', panel, 'export const canUncloak = (chosen: any) => !!chosen?.inReserve;\n', 1],
    ['a phone page reading a formation deep in the state', phone, 'export const lost = (s: any) => s.sides.A.formations[0].killed;\n', 1],
  ])('refuses %s', async (_what, file, code, n) => {
    const errors = await lifeErrors(file, code);
    expect(errors).toHaveLength(n);
  });

  it('still refuses a variable named require and SQL there (the block repeats them)', async () => {
    const [r] = await eslint.lintText("const require = 1;\nexport const y = require;\nexport const q = (db: any) => db.selectFrom('players');\n", {
      filePath: handler,
    });
    expect(r!.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toHaveLength(2);
  });

  it.each([
    ['an event body’s own counts in a handler', handler, 'export const lost = (b: any) => b.killed + b.retreated;\n'],
    [
      'formation-life’s readers in a panel',
      panel,
      "import { lossesOf } from '../../../../../src-shared/battle/formation-life';\nexport const k = (f: any) => lossesOf(f).killed;\n",
    ],
    ['the life cycle itself', 'src-shared/battle/formation-life.ts', 'export const left = (f: any) => f.startingModels - f.killed - f.retreated;\n'],
    ['a report outside Play Mode', 'src-shared/battle/summary-example.ts', 'export const k = (f: any) => f.killed;\n'],
  ])('allows %s', async (_what, file, code) => {
    expect(await lifeErrors(file, code)).toEqual([]);
  });
});

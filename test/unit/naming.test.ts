import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { counted, humanise, nameOf, VP_SOURCE_NAMES } from '../../src-shared/naming';

describe('the words a player reads for the app’s keys (issue 15)', () => {
  it.each([
    [1, 'battle', undefined, '1 battle'],
    [0, 'battle', undefined, '0 battles'],
    [2, 'use', undefined, '2 uses'],
    [1, 'Veteran Six', 'Veteran Sixes', '1 Veteran Six'],
    [5, 'Veteran Six', 'Veteran Sixes', '5 Veteran Sixes'],
    [12000, 'battle', undefined, '12,000 battles'],
    [1, 'Wound', undefined, '1 Wound'],
    [2, 'Wound', undefined, '2 Wounds'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
  ])('%i %s → %s', (n, one, other, text) => expect(counted(n, one, other)).toBe(text));

  it('no text a player reads spells a plural "Wound(s)" or "finish(es)": counts go through counted()', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    // a noun with "(s)", "(es)" or "(ies)" followed by more words or the end of a string, not a call such as f(s)
    const spelled = /(?:^|[\s}])[A-Za-z]+\((?:s|es|ies)\)(?: [a-z]|[.:,]?[`'"]|[.:,] )/;
    const found = ['src-shared', 'src-renderer/src', 'templates', 'src-main/cli'].flatMap(files).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*)/.test(line) && spelled.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ['ashen-moors', 'Ashen moors'],
    ['hold_fast', 'Hold fast'],
    ['cryptidHunt', 'Cryptid hunt'],
    ['sins-of-greed', 'Sins of greed'],
  ])('an unknown key %s reads %s', (key, text) => expect(humanise(key)).toBe(text));

  it('a known key reads its table’s name', () => {
    expect(nameOf(VP_SOURCE_NAMES, 'cryptidHunt')).toBe('Cryptid Hunt');
    expect(nameOf(VP_SOURCE_NAMES, 'someNewSource')).toBe('Some new source');
  });
});

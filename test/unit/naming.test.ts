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
  ])('%i %s → %s', (n, one, other, text) => expect(counted(n, one, other)).toBe(text));

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

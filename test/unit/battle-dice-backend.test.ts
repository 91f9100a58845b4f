import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routedA } from '../helpers/alternating-battle';

/**
 * Dice are rolled where the record is (issue #16 rule 7): the intent is
 * resolved in the backend, which rolls the die and writes it with the event
 * in one transaction; the players may still enter the die they rolled.
 */
describe('the Will check is rolled with the record [DIGEST §23 T13–T15: a natural 1 fails, a natural 6 passes]', () => {
  it.each([
    // die, Resolve, modifier, passed
    [6, 6, 0, true],
    [1, 2, 5, false],
    [3, 4, 1, true],
    [2, 5, 2, false],
  ])('the app rolls %i against %i+ with +%i: passed %s, recorded as rolled by the app', (roll, resolve, modifier, passed) => {
    const t = routedA();
    t.act({ kind: 'will-check', side: 'A', formationId: 'A-f2', resolve, modifier }, [roll]);
    expect(t.events[t.events.length - 1]!.body).toEqual({
      kind: 'morale.willCheck',
      side: 'A',
      formationId: 'A-f2',
      roll,
      resolve,
      modifier,
      passed,
      rolledBy: 'app',
    });
  });

  it('a die rolled at the table is entered as it is', () => {
    const t = routedA();
    t.act({ kind: 'will-check', side: 'A', formationId: 'A-f2', resolve: 4, modifier: 0, roll: 5 });
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ roll: 5, passed: true, rolledBy: 'table' });
  });

  it('an older record without the roller still parses', () => {
    const t = routedA();
    t.record({ kind: 'morale.willCheck', side: 'A', formationId: 'A-f2', roll: 6, resolve: 4, modifier: 0, passed: true });
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ rolledBy: null });
  });
});

describe('no die is rolled in the renderer', () => {
  it('no renderer source draws random numbers or builds a dice source', () => {
    const root = 'src-renderer/src';
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join(root, f));
    expect(files.length).toBeGreaterThan(20);
    // one file draws random bytes for another purpose: a phone's own id (issue 42), made once and kept in its storage;
    // it may build no die, and no battle code may read it but the client that sends it with a side's requests
    const ID_ONLY = join(root, 'phone', 'device.ts');
    const offenders = files.filter((f) => f !== ID_ONLY && /Math\.random|getRandomValues|cryptoDice\(|seededDice\(|rollAttack\(/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
    const idSource = readFileSync(ID_ONLY, 'utf8');
    expect(idSource).not.toMatch(/Math\.random|cryptoDice\(|seededDice\(|rollAttack\(|dice/);
    const readers = files.filter((f) => f !== ID_ONLY && /from '[./]*phone\/device'|from '\.\/device'/.test(readFileSync(f, 'utf8')));
    expect(
      readers.every((f) => !/sections\/play\/battle|odds/.test(f)),
      readers.join(', '),
    ).toBe(true);
  });
});

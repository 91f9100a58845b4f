import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appContract, CHANNELS } from '../../src-shared/contract';
import { readDomains, writtenDomains } from '../../src-shared/contract/effects';
import { scopeRefusal, scopesOf, type Caller } from '../../src-shared/contract/scopes';

/**
 * The scope declarations themselves (issue 35): each is checked against the
 * channel it sits on, so a declaration cannot open more than it says.
 */
describe('contract scopes', () => {
  it('a table declaration names a field of the input that holds a battle id; a pure one reads and writes nothing stored', () => {
    for (const ch of CHANNELS) {
      const { table } = appContract[ch].scopes;
      if (!table) continue;
      if ('storedData' in table) {
        expect(readDomains(appContract[ch].effects), ch).toEqual([]);
        expect(writtenDomains(appContract[ch].effects), ch).toEqual([]);
        continue;
      }
      let input: z.ZodType = appContract[ch].input;
      while (input instanceof z.ZodDefault || input instanceof z.ZodOptional) input = input.unwrap() as z.ZodType;
      expect(input, ch).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((input as z.ZodObject).shape), ch).toContain(table.battleIdAt);
    }
  });

  it('the board only reads; the organiser’s own channels (club night, settings, backups, league) are declared for no link', () => {
    for (const ch of CHANNELS) if (appContract[ch].scopes.board) expect(writtenDomains(appContract[ch].effects), ch).toEqual([]);
    for (const ch of CHANNELS.filter((c) => /^(clubNight\.(?!board)|settings\.|backups\.|league\.|rulesets\.|players\.|campaigns\.)/.test(c)))
      expect(scopesOf(appContract[ch]), ch).toEqual([]);
  });

  it('checks before parsing: only the declared field, as given, and only an own property', () => {
    const def = appContract['battles.get'];
    const table: Caller = { scope: 'table', battleId: 'b1', readOnly: false, linkId: 'link-1' };
    expect(scopeRefusal(def, table, { battleId: 'b1' })).toBeUndefined();
    expect(scopeRefusal(def, table, { battleId: 'b2' })).toBe('This table link is for another battle.');
    expect(scopeRefusal(def, table, Object.create({ battleId: 'b1' }))).toBe('This table link is for another battle.');
    expect(scopeRefusal(def, table, null)).toBe('This table link is for another battle.');
    expect(scopeRefusal(def, { scope: 'organiser' }, 'anything')).toBeUndefined();
    expect(scopeRefusal(appContract['battles.act'], { ...table, readOnly: true }, { battleId: 'b1' })).toMatch(/only read/);
  });
});

import { describe, expect, it } from 'vitest';
import { appContract, CHANNELS, type Channel } from '../../src-shared/contract';
import { DATA_DOMAINS, isStaleAfter, readDomains, staleReads, writtenDomains } from '../../src-shared/contract/effects';
import { domainsWrittenBy, READ_TABLE, readsStaleAfter } from '../../src-shared/contract/invalidation';

/**
 * What the screens used to refresh by hand after each write (the lists the
 * renderer kept before invalidation was declared in the contract). Deriving
 * it from the contract must refresh at least as much.
 */
const FORMER_HAND_LISTS: [Channel, Channel[]][] = [
  ['rulesets.createVersion', ['rulesets.list']],
  ['rulesets.import', ['rulesets.list']],
  ['ledger.correct', ['ledger.journal', 'campaigns.list', 'campaigns.dashboard', 'campaigns.get', 'ledger.inventory', 'rosters.get']],
  ['ledger.undo', ['ledger.journal', 'campaigns.list', 'campaigns.dashboard', 'campaigns.get', 'ledger.inventory', 'rosters.get', 'rosters.list']],
  ['settings.update', ['settings.get']],
  ['backups.create', ['backups.list']],
  ['players.create', ['players.list']],
  ['campaigns.create', ['campaigns.list', 'campaigns.dashboard', 'players.list']],
  ['rosters.create', ['rosters.list']],
  ['rosters.rename', ['rosters.list', 'rosters.get']],
  ['battles.abandon', ['battles.get', 'battles.list']],
  ['battles.act', ['battles.list']],
  [
    'battles.finish',
    [
      'battles.get',
      'battles.list',
      'campaigns.get',
      'campaigns.list',
      'campaigns.dashboard',
      'ledger.journal',
      'ledger.inventory',
      'rosters.get',
      'rosters.list',
      'reports.run',
    ],
  ],
  ['campaigns.finishMission', ['campaigns.list', 'campaigns.dashboard', 'campaigns.get', 'ledger.journal', 'ledger.inventory', 'rosters.get']],
];

describe('each contract entry declares the data domains it reads or writes', () => {
  it('every channel declares known domains, and every write names at least one', () => {
    for (const c of CHANNELS) {
      const e = appContract[c].effects;
      const all = [...readDomains(e), ...writtenDomains(e)];
      for (const d of all) expect(DATA_DOMAINS, `${c} names an unknown domain`).toContain(d);
      if ('writes' in e) expect(e.writes.length, `${c} writes but names no domain`).toBeGreaterThan(0);
      else expect('reads' in e, `${c} declares neither reads nor writes`).toBe(true);
    }
  });

  it.each(FORMER_HAND_LISTS)('a successful %s refreshes every read the screens used to list by hand', (write, former) => {
    const stale = readsStaleAfter(domainsWrittenBy(write));
    for (const r of former) expect(stale, `${write} must refresh ${r}`).toContain(r);
  });

  it('a write refreshes only reads built from what it wrote', () => {
    expect(readsStaleAfter(domainsWrittenBy('settings.update'))).not.toContain('campaigns.list');
    expect(readsStaleAfter(domainsWrittenBy('rosters.rename'))).not.toContain('ledger.journal');
    expect(readsStaleAfter(domainsWrittenBy('settings.get'))).toEqual([]);
  });

  it('a restore replaces the whole ledger, so every cached read is refreshed', () => {
    const reads = CHANNELS.filter((c) => readDomains(appContract[c].effects).length > 0);
    expect(readsStaleAfter(domainsWrittenBy('backups.restore')).sort()).toEqual(reads.sort());
  });

  it('the read table the build writes into the renderer makes stale exactly what the contract entries do', () => {
    expect(Object.keys(READ_TABLE).sort()).toEqual(CHANNELS.filter((c) => 'reads' in appContract[c].effects).sort());
    // every domain alone, every pair, and none
    const sets = [[], ...DATA_DOMAINS.map((d) => [d]), ...DATA_DOMAINS.flatMap((a, i) => DATA_DOMAINS.slice(i + 1).map((b) => [a, b]))];
    for (const written of sets)
      expect(staleReads(READ_TABLE, written).sort(), written.join('+')).toEqual(CHANNELS.filter((c) => isStaleAfter(appContract[c].effects, written)).sort());
  });
});

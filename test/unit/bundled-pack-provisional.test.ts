// Issue 17 point 7: 'Every value the DIGEST marks provisional (… Mission 4's kind and relic VP …) carries its flag'.
// DIGEST M-14: the mission definitions for campaign games 1–5 — which one is Cryptid Hunt or Relic Recovery — are
// missing from the Field Manual, so every mission's kind is the product's guess; Relic Recovery's 5 VP is the
// Field Manual's (§3), but that Mission 4 is the Relic Recovery, and so its relic's worth, is not.
import { describe, expect, it } from 'vitest';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { isProvisional } from '../../src-shared/ruleset/pack-facts';

describe('the bundled pack marks the missions the Field Manual does not define', () => {
  const pack = getBundledPack();
  it.each(pack.missions.map((m) => [m.number, m]))('Mission %i: its kind is provisional', (_n, m) => {
    expect(isProvisional(m, 'kind')).toBe(true);
  });
  it('Mission 4 is the Relic Recovery, provisionally, and so is its 5 VP relic', () => {
    const m4 = pack.missions.find((m) => m.number === 4)!;
    expect(m4).toMatchObject({ kind: 'relic-recovery', relicVp: 5 });
    expect(isProvisional(m4, 'relicVp')).toBe(true);
  });
});

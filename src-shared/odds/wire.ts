import type { OddsResultWire } from '../contract/odds.contract';
import type { DistributionEntry, OddsResult } from './exact';
import { fracToNumber, fracToString, type Fraction } from './fraction';

/** An exact result as it crosses the IPC boundary: fractions as text plus their values. */
export function oddsToWire(r: OddsResult): OddsResultWire {
  const p = (f: Fraction) => ({
    fraction: fracToString(f),
    value: Math.min(1, Math.max(0, fracToNumber(f))),
  });
  const e = (f: Fraction) => ({
    fraction: fracToString(f),
    value: fracToNumber(f),
  });
  const dist = (d: DistributionEntry[]) => d.map((x) => ({ value: x.value, p: p(x.p) }));
  return {
    damage: dist(r.damage),
    pAny: p(r.pAny),
    expected: e(r.expected),
    pKill: r.pKill ? p(r.pKill) : null,
    self: r.self ? dist(r.self) : null,
    selfExpected: r.selfExpected ? e(r.selfExpected) : null,
    friendlyHits: r.friendlyHits ? dist(r.friendlyHits) : null,
    friendly: r.friendly ? dist(r.friendly) : null,
    friendlyExpected: r.friendlyExpected ? e(r.friendlyExpected) : null,
    pFriendlyHit: r.pFriendlyHit ? p(r.pFriendlyHit) : null,
    targets: r.targets,
  };
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A ledger stores the bundled pack once per data version (ensureBundledPacks
 * compares versions, not text): a pack edited without a new data version
 * would never reach a ledger that already holds that version, and two
 * ledgers would disagree on the same version's rules. Whoever edits the pack
 * bumps meta.dataVersion and records its digest here.
 */
const RECORDED = {
  dataVersion: '2.4-provisional.3',
  sha256: '1d95c55cfd9fce1625184356fb77ec91dba7e17e37b4c72a806ab6aab5f82026',
};

describe('the bundled pack changes only with a new data version', () => {
  it('its text is the one recorded for its data version', () => {
    const text = readFileSync(join(__dirname, '../../src-shared/ruleset/packs/age-of-ash-2.4.json'), 'utf8');
    const pack = JSON.parse(text) as { meta: { dataVersion: string } };
    expect(pack.meta.dataVersion, 'a new data version: record its sha256 here').toBe(RECORDED.dataVersion);
    expect(
      createHash('sha256').update(text).digest('hex'),
      `the pack changed: bump meta.dataVersion past ${RECORDED.dataVersion} and record the new digest`,
    ).toBe(RECORDED.sha256);
  });
});

import { describe, expect, it } from 'vitest';
import { batchNiceness } from '../../src-main/backend/jobs/batch-niceness';

describe('the batch worker’s niceness (AOA_BATCH_NICENESS)', () => {
  it.each([
    [undefined, 10],
    ['', 10],
    ['0', 0],
    [' 5 ', 5],
    ['19', 19],
    ['20', 10],
    ['-3', 10],
    ['2.5', 10],
    ['high', 10],
  ])('%j gives %i', (setting, expected) => {
    expect(batchNiceness(setting)).toBe(expected);
  });
});

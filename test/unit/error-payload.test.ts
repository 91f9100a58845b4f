import { describe, expect, it } from 'vitest';
import { AppError, errorPayload } from '../../src-shared/errors';

describe('errorPayload: what a worker sends back for anything thrown', () => {
  it.each([
    [new AppError('CONFLICT', 'Saved elsewhere.', { path: ['roster'] }), { code: 'CONFLICT', message: 'Saved elsewhere.', path: ['roster'] }],
    [new AppError('CANCELLED', 'Stopped.'), { code: 'CANCELLED', message: 'Stopped.' }],
    [new TypeError('x is undefined'), { code: 'INTERNAL', message: 'x is undefined' }],
    ['a bare string', { code: 'INTERNAL', message: 'a bare string' }],
    [42, { code: 'INTERNAL', message: '42' }],
  ])('%s', (thrown, payload) => {
    expect(errorPayload(thrown)).toEqual(payload);
  });
});

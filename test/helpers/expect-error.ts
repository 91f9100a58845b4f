import { expect } from 'vitest';
import { AppError } from '../../src-shared/errors';

/** Awaits `p`, expecting it to fail with an AppError of `code`, and returns that error for further checks. */
export async function expectError(p: Promise<unknown>, code: string): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).code).toBe(code);
  return e as AppError;
}

/** The error `p` is refused with, whatever it is; fails the test when `p` succeeds. */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected the call to be refused');
}

import { z } from 'zod';

/**
 * An idempotency key chosen by the client for one write (a UUID): the same
 * request sent again (a lost reply, a retry after the league server came
 * back) is recognised and records nothing twice; a different key meeting
 * the same record is another organiser's write.
 */
export const requestIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'A request id is letters, digits, - and _.');

import { z } from 'zod';

/**
 * The id a club night phone keeps in its own storage and sends with its side's requests (issue 42): with its link, it
 * tells the phone that claimed a side from the other phones of the table. Random, made on the phone; not a secret.
 */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'This phone’s id is malformed: reload the page.');

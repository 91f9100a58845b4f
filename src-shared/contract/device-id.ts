import { z } from 'zod';

/**
 * The id a club night phone keeps in its own storage and sends with its side's requests (issue 42): with its link, it
 * tells the phone that claimed a side from the other phones of the table. Random, made on the phone; not a secret.
 */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'This phone’s id is malformed: reload the page.');

/**
 * The channels whose input takes the phone's `deviceId`: a phone's client adds it to these requests by itself (a side's
 * own requests, and claiming and reading the sides). Plain data, so a phone's page carries no schema.
 */
export const DEVICE_ID_CHANNELS: ReadonlySet<string> = new Set(['battles.act', 'table.confirmFinish', 'table.sides', 'table.claimSide']);

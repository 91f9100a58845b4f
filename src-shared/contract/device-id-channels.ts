/**
 * The channels whose input takes the phone's `deviceId` (device-id.ts): a phone's client adds it to these requests by
 * itself (a side's own requests, and claiming and reading the sides). Plain data in a file of its own, so the page's
 * entry imports no schema library with it.
 */
export const DEVICE_ID_CHANNELS: ReadonlySet<string> = new Set(['battles.act', 'table.confirmFinish', 'table.sides', 'table.claimSide']);

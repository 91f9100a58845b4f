/** Where a phone keeps its own id: one per browser on the phone, kept across reloads and links. */
const KEY = 'aoa-device-id';

function fresh(): string {
  // crypto.getRandomValues works on a LAN page served over plain HTTP (randomUUID needs a secure context)
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

let memo: string | null = null;

/**
 * This phone's id (issue 42): random, made once and kept in the phone's own storage, sent with its side's requests so
 * that the laptop tells the phone that claimed a side from the table's other phones. A phone that keeps nothing gets
 * a new one per page load: it may then claim a side again after a reload, if the side is still free.
 */
export function deviceId(): string {
  if (memo) return memo;
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return (memo = kept);
    memo = fresh();
    localStorage.setItem(KEY, memo);
  } catch {
    memo ??= fresh();
  }
  return memo;
}

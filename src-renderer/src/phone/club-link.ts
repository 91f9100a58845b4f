import type { Caller } from '../../../src-shared/contract/scopes';
import { AppError, type AppErrorPayload } from '../../../src-shared/errors';

/** What the link that opened this page may do: its scope, and a table link's battle and whether it only reads now. */
export type ClubLink = Exclude<Caller, { scope: 'organiser' }>;

/** Asks the LAN listener which link this phone's cookie is (`GET /api/club/link`). */
export async function readClubLink(): Promise<ClubLink> {
  let res: Response;
  try {
    res = await fetch('/api/club/link', { cache: 'no-store' });
  } catch {
    throw new AppError('UNREACHABLE', 'The organiser’s computer is not answering. Check this phone is on the club’s Wi-Fi, then try again.');
  }
  const reply = (await res.json()) as { ok: true; value: Caller } | { ok: false; error: AppErrorPayload };
  if (!reply.ok) throw AppError.fromPayload(reply.error);
  if (reply.value.scope === 'organiser') throw new AppError('FORBIDDEN', 'This page is for a club night link.');
  return reply.value;
}

import type { Caller } from '../../../src-shared/contract/scopes';
import { AppError, type AppErrorPayload } from '../../../src-shared/errors';

/** What the link that opened this page may do: its scope, and a table link's battle and whether it only reads now. */
export type ClubLink = Exclude<Caller, { scope: 'organiser' }>;

/**
 * The link as the page that opened it names it (`<meta name="aoa-club-link">`, written by the LAN listener), read once:
 * the first screen starts on it without asking. Undefined where the page carries none.
 */
export function embeddedClubLink(): ClubLink | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="aoa-club-link"]');
  if (!meta) return undefined;
  meta.remove();
  try {
    const link = JSON.parse(meta.content) as Caller;
    return link.scope === 'organiser' ? undefined : link;
  } catch {
    return undefined;
  }
}

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

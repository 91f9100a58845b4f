import { formationRefusal, type LifeReadable } from './formation-life';
import type { Side } from './setup';

/**
 * An Officer re-posted mid-battle (DIGEST AMB-18f: "An Officer that detaches
 * mid-battle joins the command group from the next round"; 3.3: Officers are
 * posted only to a Core or Elite squad). The change is recorded when it
 * happens and takes effect when the next round starts, so this round's
 * tokens and relays stay as they were.
 */
export function repostRefusal(s: LifeReadable, side: Side, officerId: string, to: string | null): string | null {
  if (s.round < 1) return 'Officers are re-posted during the battle; before it, change the roster.';
  const sd = s.sides[side];
  const o = sd.officers.find((x) => x.id === officerId);
  if (!o) return `Unknown Officer ${officerId}.`;
  if (o.lost) return `${o.name} has fallen or left the table.`;
  const now = o.nextPost !== undefined ? o.nextPost : o.attachedTo;
  if (now === to) return to === null ? `${o.name} is already with the command group.` : `${o.name} is already posted there.`;
  if (to !== null) {
    const host = sd.formations.find((f) => f.id === to);
    if (!host || (host.slot !== 'core' && host.slot !== 'elite')) return 'Officers may only be posted to a Core or Elite squad (DIGEST 3.3).';
    // a squad still on the table (formation-life.ts)
    const why = formationRefusal(s, side, to, 'host-officer');
    if (why) return why;
  }
  return null;
}

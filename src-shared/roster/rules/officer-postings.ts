import { SLOT_LABEL } from '../labels';
import type { RosterViolation } from '../violation';
import type { RosterRule } from './rule';

/** [000 §6] Officer postings: only Core or Elite hosts (per the pack), one Officer per host. */
export const OFFICER_POSTINGS_RULE: RosterRule = {
  id: 'officer-postings',
  cites: 'Field Manual §6',
  check: ({ roster, pack }) => {
    const rec = pack.recruitment;
    const formationIndex = new Map(roster.formations.map((f, i) => [f.id, i] as const));
    const perHost = new Map<string, number>();
    const v: RosterViolation[] = [];
    roster.officers.forEach((o, i) => {
      if (o.postedTo === null) return;
      const fi = formationIndex.get(o.postedTo);
      const who = o.name || `Officer ${i + 1}`;
      if (fi === undefined) {
        v.push({
          code: 'OFFICER_POST_UNKNOWN',
          message: `${who} is posted to a formation that is no longer in the roster; post them elsewhere or keep them with the Captain.`,
          rule: 'Field Manual §6',
          path: ['officers', i, 'postedTo'],
        });
        return;
      }
      const host = roster.formations[fi]!;
      if (!(rec.officerHostSlots as string[]).includes(host.slot)) {
        v.push({
          code: 'OFFICER_POST_TYPE',
          message: `${who} cannot join ${host.name}: Officers may only be posted to ${rec.officerHostSlots.map((s) => SLOT_LABEL[s].many).join(' or ')}, never to ${SLOT_LABEL[host.slot].many}.`,
          rule: 'Field Manual §6',
          formationId: host.id,
          path: ['officers', i, 'postedTo'],
        });
        return;
      }
      const n = (perHost.get(host.id) ?? 0) + 1;
      perHost.set(host.id, n);
      if (n > rec.officersPerHost) {
        v.push({
          code: 'OFFICER_POST_SHARED',
          message: `${who} cannot join ${host.name}: it already has ${rec.officersPerHost === 1 ? 'an Officer' : `${rec.officersPerHost} Officers`}; post ${who} to another squad or keep them with the Captain.`,
          rule: 'Field Manual §6',
          formationId: host.id,
          path: ['officers', i, 'postedTo'],
        });
      }
    });
    return v;
  },
};

import type { Inventory, LedgerEntry } from './entries.schema';

export type { EntryItem, Inventory, LedgerEntry, LedgerEvent } from './entries.schema';

/**
 * The campaign ledger's vocabulary. Entries are append-only: a correction
 * or an undo adds reversing entries, never edits one. Every balance and
 * inventory is computed from these, so the Journal can always say why a
 * figure is what it is.
 */

/** Entries whose amounts are requisition points; their sum is the allowance. */
export const RP_KINDS = ['starting-allowance', 'participation', 'win', 'mutant-kills', 'cryptid-placing', 'ceiling', 'correction'] as const;
/** Entries whose amounts count items (+1 earned, −1 reversed). */
const ITEM_KINDS = [
  'service-mark',
  'cryptid-veteran',
  'cryptid-die',
  'cryptid-die-spent',
  'trophy-claimed',
  'trophy-banked',
  'trophy-used',
  'mission-unlocked',
  'campaign-finished',
] as const;
export const ENTRY_KINDS = [...RP_KINDS, ...ITEM_KINDS] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export type RpKind = (typeof RP_KINDS)[number];
export const isRpKind = (k: string): k is RpKind => (RP_KINDS as readonly string[]).includes(k);

export const EVENT_KINDS = ['campaign-created', 'mission-finished', 'correction', 'undo', 'redo'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const ENTRY_LABELS: Record<EntryKind, string> = {
  'starting-allowance': 'Starting allowance',
  participation: 'Taking part',
  win: 'Win',
  'mutant-kills': 'Mutants defeated',
  'cryptid-placing': 'Cryptid damage placing',
  ceiling: 'Allowance ceiling',
  correction: 'Correction',
  'service-mark': 'Service mark',
  'cryptid-veteran': 'Cryptid Veteran',
  'cryptid-die': 'Cryptid Die earned',
  'cryptid-die-spent': 'Cryptid Die spent',
  'trophy-claimed': 'Trophy claimed',
  'trophy-banked': 'Trophy banked',
  'trophy-used': 'Trophy used',
  'mission-unlocked': 'Mission unlocked',
  'campaign-finished': 'Campaign finished',
};

/** The entries an undo records: each entry of the undone event, reversed, naming the one it reverses. */
export function reversalOf(entries: readonly Pick<LedgerEntry, 'id' | 'playerId' | 'mission' | 'kind' | 'amount' | 'item' | 'reason'>[]) {
  return entries.map((e) => ({
    playerId: e.playerId,
    mission: e.mission,
    kind: e.kind,
    amount: -e.amount,
    item: e.item,
    reason: `Undone: ${e.reason}`,
    reversesEntryId: e.id,
  }));
}

/** An entry before it is written (ids and times are the writer's). */
export type DraftEntry = Pick<LedgerEntry, 'playerId' | 'mission' | 'kind' | 'amount' | 'item' | 'reason'>;

/** Net amount per key over entries of some kinds (a reversal carries the negated amount). */
function netBy(entries: readonly LedgerEntry[], kind: EntryKind, key: (e: LedgerEntry) => string | undefined): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of entries) {
    if (e.kind !== kind) continue;
    const k = key(e);
    if (k === undefined) continue;
    m.set(k, (m.get(k) ?? 0) + e.amount);
  }
  return m;
}

/**
 * One player's campaign inventory from their entries: service marks and rank
 * per formation, Cryptid Dice still held, trophies banked or used.
 */
export function inventoryFromEntries(entries: readonly LedgerEntry[], rankFor: (marks: number) => { rank: string | null; veteranSixes: number }): Inventory {
  const names = new Map<string, string>();
  // an entry that names the formation wins over one that only points at it (a trophy, a spent die): never show an id
  for (const e of entries) {
    const id = e.item.formationId;
    if (!id) continue;
    if (e.item.formationName) names.set(id, e.item.formationName);
    else if (!names.has(id)) names.set(id, id);
  }
  const marks = netBy(entries, 'service-mark', (e) => e.item.formationId);
  const veterans = netBy(entries, 'cryptid-veteran', (e) => e.item.formationId);
  // a line whose marks were all taken back (an undone mission, the command group's merge) is no line
  const formationIds = new Set([...marks.keys(), ...veterans.keys()].filter((id) => (marks.get(id) ?? 0) > 0 || (veterans.get(id) ?? 0) > 0));
  const formations = [...formationIds].map((id) => {
    const m = Math.max(0, marks.get(id) ?? 0);
    const r = rankFor(m);
    return {
      formationId: id,
      name: names.get(id) ?? id,
      serviceMarks: m,
      rank: r.rank,
      veteranSixes: r.veteranSixes,
      cryptidVeteran: (veterans.get(id) ?? 0) > 0,
    };
  });

  // a die is an entry; reversing it (undo) or spending it removes it from the pool
  const reversed = new Set(entries.filter((e) => e.reversesEntryId).map((e) => e.reversesEntryId!));
  const spent = netBy(entries, 'cryptid-die-spent', (e) => e.item.dieId);
  const cryptidDice = entries
    .filter((e) => e.kind === 'cryptid-die' && e.amount > 0 && !e.reversesEntryId && !reversed.has(e.id) && (spent.get(e.id) ?? 0) <= 0)
    .map((e) => ({ id: e.id, formationId: e.item.formationId ?? '', formationName: e.item.formationName ?? '', mission: e.mission }));

  const banked = netBy(entries, 'trophy-banked', (e) => e.item.trophyId);
  const used = netBy(entries, 'trophy-used', (e) => e.item.trophyId);
  const trophyInfo = new Map<string, LedgerEntry>();
  for (const e of entries) if (e.kind === 'trophy-claimed' && e.amount > 0 && e.item.trophyId) trophyInfo.set(e.item.trophyId, e);
  const trophies: Inventory['trophies'] = [];
  for (const [id, claim] of trophyInfo) {
    const status = (banked.get(id) ?? 0) > 0 ? 'banked' : (used.get(id) ?? 0) > 0 ? 'used' : null;
    if (!status) continue; // claim undone
    trophies.push({ trophyId: id, name: claim.item.trophyName ?? id, formationId: claim.item.formationId ?? null, status, mission: claim.mission });
  }
  formations.sort((a, b) => a.name.localeCompare(b.name));
  return { formations, cryptidDice, trophies };
}

/** The allowance is exactly the sum of its entries (the ceiling is itself an entry). */
export function allowanceFromEntries(entries: readonly LedgerEntry[]): number {
  return entries.reduce((s, e) => (isRpKind(e.kind) ? s + e.amount : s), 0);
}

export interface BalanceLine {
  entryId: string;
  mission: number | null;
  kind: EntryKind;
  amount: number;
  reason: string;
  running: number;
  createdAt: string;
}

/** "Why is this 428?": every entry that makes up the allowance, in order, with the running total. */
export function explainAllowance(entries: readonly LedgerEntry[]): BalanceLine[] {
  let running = 0;
  const out: BalanceLine[] = [];
  for (const e of entries) {
    if (!isRpKind(e.kind)) continue;
    running += e.amount;
    out.push({ entryId: e.id, mission: e.mission, kind: e.kind, amount: e.amount, reason: e.reason, running, createdAt: e.createdAt });
  }
  return out;
}

/**
 * A banked trophy used: the two entries that take it out of the bank and
 * record its use, with the reason for the use. Finish Mission, a Journal
 * correction and a crossover's finish all write these same two.
 */
export function bankedTrophyUse<B extends { playerId: string | null; mission: number | null }>(
  base: B,
  trophy: { trophyId: string; name: string; formationId: string | null },
  usedReason: string,
): (B & { kind: 'trophy-banked' | 'trophy-used'; amount: number; item: Record<string, string>; reason: string })[] {
  const item = { trophyId: trophy.trophyId, trophyName: trophy.name, ...(trophy.formationId ? { formationId: trophy.formationId } : {}) };
  return [
    { ...base, kind: 'trophy-banked', amount: -1, item, reason: `${trophy.name} taken from the bank` },
    { ...base, kind: 'trophy-used', amount: 1, item, reason: usedReason },
  ];
}

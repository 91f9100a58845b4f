import type { Inventory } from '../../../../src-shared/campaign/entries';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';

/** A campaign formation's record from the ledger: what the Builder shows on its card and what removing it would lose. */
export interface VeteranRecord {
  marks: number;
  rank: string | null;
  veteranSixes: number;
  cryptidVeteran: boolean;
  /** Trophies it claimed, with their effect as the pack words it (none when the pack no longer has the cryptid). */
  trophies: { trophyId: string; name: string; status: 'banked' | 'used'; effect: string | null; oneUse: boolean }[];
}

/** Each formation's record in a player's campaign inventory, by formation id; formations with nothing are left out. */
export function veteranRecords(inv: Inventory, pack: RulesetPack): Map<string, VeteranRecord> {
  const records = new Map<string, VeteranRecord>();
  const of = (id: string) => {
    let r = records.get(id);
    if (!r) records.set(id, (r = { marks: 0, rank: null, veteranSixes: 0, cryptidVeteran: false, trophies: [] }));
    return r;
  };
  for (const f of inv.formations) {
    if (f.serviceMarks <= 0 && !f.rank && !f.cryptidVeteran) continue;
    Object.assign(of(f.formationId), { marks: f.serviceMarks, rank: f.rank, veteranSixes: f.veteranSixes, cryptidVeteran: f.cryptidVeteran });
  }
  for (const t of inv.trophies) {
    if (!t.formationId) continue;
    const trophy = pack.cryptids.find((c) => c.trophy.id === t.trophyId)?.trophy;
    of(t.formationId).trophies.push({ trophyId: t.trophyId, name: t.name, status: t.status, effect: trophy?.effect ?? null, oneUse: trophy?.oneUse ?? false });
  }
  return records;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a formation's record holds, one phrase each ("2 service marks", "Rank I", …): what removing it would lose. */
export function veteranPhrases(v: VeteranRecord | undefined): string[] {
  if (!v) return [];
  return [
    ...(v.marks > 0 ? [plural(v.marks, 'service mark', 'service marks')] : []),
    ...(v.rank ? [`Rank ${v.rank}`] : []),
    ...(v.veteranSixes > 0 ? [plural(v.veteranSixes, 'Veteran Six', 'Veteran Sixes')] : []),
    ...(v.cryptidVeteran ? ['Cryptid Veteran'] : []),
    ...v.trophies.map((t) => `the trophy ${t.name} (${t.status})`),
  ];
}

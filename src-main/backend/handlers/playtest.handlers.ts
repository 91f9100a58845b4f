import { playtestContract } from '../../../src-shared/contract/playtest.contract';
import { writeTransaction } from '../db/dialect';
import { buildBundle, buildExport, bundleFile } from '../playtest/export';
import { defineHandlers } from './define';

const whatLeaves = (b: Awaited<ReturnType<typeof buildBundle>>) => ({
  records: b.records.length,
  players: b.players.length,
  namesIncluded: b.namesIncluded,
  club: b.club,
});

export const playtestHandlers = defineHandlers(playtestContract, {
  // the bundle is built in the write that makes the club's identity the first time, so preview and file agree
  'playtest.exportPreview': async (input, ctx) => {
    const { bundle: b, notes } = await writeTransaction(ctx.db, (trx) => buildExport(trx, input));
    return { ...whatLeaves(b), notes, sample: b.records[0] ?? null, from: b.records[0]?.playedAt ?? null, to: b.records.at(-1)?.playedAt ?? null };
  },
  'playtest.export': async ({ gzip, ...input }, ctx) => {
    const b = await writeTransaction(ctx.db, (trx) => buildBundle(trx, input));
    const { fileName, bytes } = bundleFile(b, gzip);
    return { ...whatLeaves(b), fileName, base64: bytes.toString('base64'), contentHash: b.contentHash };
  },
});

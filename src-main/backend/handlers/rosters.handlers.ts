import { describeJsonError } from '../../../src-shared/ruleset/parse';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../src-shared/json-parse';
import { rosterNameSchema, rostersContract, type RosterDetail, type RosterSummary } from '../../../src-shared/contract/rosters.contract';
import { AppError, validationError } from '../../../src-shared/errors';
import { newRosterId, rosterFileSchema, ROSTER_FILE_FORMAT, ROSTER_FILE_VERSION, type Roster } from '../../../src-shared/roster/schema';
import { cloneRoster, copyName as copyNameOf } from '../../../src-shared/roster/clone';
import type { PaperSize } from '../../../templates/pdf/types';
import type { Db } from '../db/schema';
import { defaultRulesetVersionId, listRosters, requireRoster, rosterIdTaken, setRosterDeleted, writeRoster } from '../db/tables/rosters.table';
import { findCampaignRow, findPlayerName, seatFaction } from '../db/tables/club.table';
import { packOfVersion } from '../db/game-data';
import { latestRulesetVersionId, rulesetVersionDigest, rulesetVersionWithDigest } from '../db/tables/rulesets.table';
import { checkRoster } from '../rosters/allowance';
import { readPrintSettings } from '../pdf';
import { assembleArmySheet, renderArmySheet } from '../documents/army-sheet';
import { pdfPageCount } from '../pdf/context';
import { safeFileName } from '../pdf/file-name';
import { defineHandlers } from './define';
import { writeTransaction } from '../db/dialect';

async function requirePlayer(db: Db, playerId: string, path: (string | number)[]): Promise<{ id: string; name: string }> {
  const name = await findPlayerName(db, playerId);
  if (name === undefined) throw new AppError('NOT_FOUND', 'That player is not in the club list; add them first or choose another.', { path });
  return { id: playerId, name };
}

async function requireCampaignSeat(db: Db, campaignId: string, playerId: string, path: (string | number)[]) {
  const c = await findCampaignRow(db, campaignId);
  if (!c) throw new AppError('NOT_FOUND', 'That campaign does not exist.', { path });
  const factionId = await seatFaction(db, campaignId, playerId);
  if (factionId === undefined) throw new AppError('RULE_VIOLATION', 'This player does not play in that campaign; choose one of its two players.', { path });
  return { id: c.id, name: c.name, ruleset_version_id: c.ruleset_version_id, current_mission: c.current_mission, factionId };
}

type Checked = Awaited<ReturnType<typeof checkRoster>>;

const check = checkRoster;

async function summaryOf(db: Db, id: string): Promise<RosterSummary> {
  const [row] = await listRosters(db, { id, includeDeleted: true });
  if (!row) throw new AppError('NOT_FOUND', 'That roster does not exist.', { path: ['id'] });
  return row;
}

async function detail(db: Db, roster: Roster, checked?: Checked): Promise<RosterDetail> {
  const c = checked ?? (await check(db, roster));
  return {
    roster,
    summary: await summaryOf(db, roster.id),
    allowance: c.allowance.allowance,
    allowanceSource: c.allowance.source,
    allowances: { own: c.allowance.own, opponent: c.allowance.opponent, matchLower: c.allowance.matchLower },
    validation: c.validation,
    pack: c.pack,
    rulesetVersion: c.version,
  };
}

/** Checks the references a roster makes (player, campaign seat, ruleset version) before it is stored. */
async function checkReferences(db: Db, roster: Roster, path: (string | number)[] = []): Promise<void> {
  await requirePlayer(db, roster.playerId, [...path, 'playerId']);
  if (roster.campaignId) {
    const seat = await requireCampaignSeat(db, roster.campaignId, roster.playerId, [...path, 'campaignId']);
    if (seat.factionId !== roster.factionId)
      throw new AppError('RULE_VIOLATION', 'A campaign roster plays the faction of its player’s campaign seat; keep that faction.', {
        path: [...path, 'factionId'],
      });
  }
  await packOfVersion(db, roster.rulesetVersionId);
}

/**
 * Writes a roster. `after` is the stored version's `updatedAt`, given by every handler that rewrites a stored roster
 * (save, rename): the new one is later by a millisecond at least, so two writes in the same millisecond still differ
 * and a save naming the older one (rosters.save's `baseUpdatedAt`) is told.
 */
async function save(db: Db, roster: Roster, after?: string): Promise<Checked> {
  const c = await check(db, roster);
  const now = Math.max(Date.now(), after ? Date.parse(after) + 1 : 0);
  await writeRoster(db, roster, { valid: c.validation.valid, points: c.validation.points.spent }, new Date(now).toISOString());
  return c;
}

/** Renders a stored roster's army sheet. Refuses an invalid roster unless a marked draft is asked for. */
export async function printRoster(db: Db, id: string, opts: { draft: boolean; paperSize?: PaperSize }): Promise<{ fileName: string; pdf: Buffer }> {
  const sheet = await assembleArmySheet(db, id, { draft: opts.draft });
  const settings = await readPrintSettings(db);
  const pdf = await renderArmySheet(sheet, { paperSize: opts.paperSize ?? settings.paperSize, author: settings.clubName });
  return { fileName: safeFileName(`${sheet.name}${opts.draft ? ' draft' : ''}`, 'pdf', 'roster'), pdf };
}

export const rostersHandlers = defineHandlers(rostersContract, {
  'rosters.list': (input, ctx) => listRosters(ctx.db, input),

  'rosters.factions': async (_input, ctx) => {
    const versionId = await defaultRulesetVersionId(ctx.db);
    const { pack } = await packOfVersion(ctx.db, versionId);
    return { rulesetVersionId: versionId, packName: pack.meta.name, factions: pack.factions.map((f) => ({ id: f.id, name: f.name, cities: f.cities })) };
  },

  'rosters.get': async ({ id }, ctx) => detail(ctx.db, (await requireRoster(ctx.db, id)).roster),

  'rosters.create': async (input, ctx) =>
    writeTransaction(ctx.db, async (trx) => {
      await requirePlayer(trx, input.playerId, ['playerId']);
      let versionId = input.rulesetVersionId;
      let mode = input.mode;
      if (input.campaignId) {
        const c = await requireCampaignSeat(trx, input.campaignId, input.playerId, ['campaignId']);
        if (c.factionId !== input.factionId)
          throw new AppError('RULE_VIOLATION', 'In this campaign the player plays another faction; choose the faction of their campaign seat.', {
            path: ['factionId'],
          });
        versionId = c.ruleset_version_id; // a campaign roster is built against its campaign's pinned pack
        if (mode === 'standalone') mode = 'campaign';
      } else if (mode === 'campaign') {
        throw new AppError('VALIDATION', 'Choose the campaign this roster is for, or make it a standalone roster.', { path: ['campaignId'] });
      }
      versionId ??= await defaultRulesetVersionId(trx);
      const { pack } = await packOfVersion(trx, versionId);
      if (!pack.factions.some((f) => f.id === input.factionId))
        throw new AppError('VALIDATION', 'That faction is not in the ruleset; choose one of its factions.', { path: ['factionId'] });
      const roster: Roster = {
        id: newRosterId(),
        name: input.name,
        playerId: input.playerId,
        campaignId: input.campaignId,
        mode,
        factionId: input.factionId,
        startingCity: input.startingCity,
        rulesetVersionId: versionId,
        captain: null,
        officers: [],
        formations: [],
        notes: '',
      };
      return detail(trx, roster, await save(trx, roster));
    }),

  'rosters.save': async ({ roster, baseUpdatedAt }, ctx) =>
    writeTransaction(ctx.db, async (trx) => {
      const existing = await requireRoster(trx, roster.id);
      if (baseUpdatedAt !== undefined && existing.updatedAt !== baseUpdatedAt) {
        // read and written in one transaction (serializable on PostgreSQL): two saves over the same version cannot both pass
        throw new AppError(
          'CONFLICT',
          `“${existing.roster.name}” was saved elsewhere after you opened it (another organiser or another window). Your changes here are not saved yet: load the saved roster to see theirs, or keep your version to replace it.`,
          { path: ['roster'] },
        );
      }
      if (existing.roster.playerId !== roster.playerId || existing.roster.campaignId !== roster.campaignId) {
        // moving a roster between players or campaigns would carry its service marks along
        throw new AppError('CONFLICT', 'A saved roster stays with its player and campaign; duplicate it or import it for another.', {
          path: ['roster', 'playerId'],
        });
      }
      await checkReferences(trx, roster, ['roster']);
      return detail(trx, roster, await save(trx, roster, existing.updatedAt));
    }),

  'rosters.rename': async ({ id, name }, ctx) =>
    writeTransaction(ctx.db, async (trx) => {
      const row = await requireRoster(trx, id);
      await save(trx, { ...row.roster, name }, row.updatedAt);
      return summaryOf(trx, id);
    }),

  'rosters.duplicate': async ({ id, name }, ctx) =>
    writeTransaction(ctx.db, async (trx) => {
      const row = await requireRoster(trx, id);
      const copy: Roster = { ...structuredClone(row.roster), id: newRosterId(), name: name ?? `${row.roster.name} (copy)`.slice(0, 80) };
      return detail(trx, copy, await save(trx, copy));
    }),

  'rosters.clone': async ({ id, campaignId, playerId, name }, ctx) =>
    writeTransaction(ctx.db, async (trx) => {
      const source = (await requireRoster(trx, id)).roster;
      const owner = playerId ?? source.playerId;
      await requirePlayer(trx, owner, ['playerId']);
      let versionId = source.rulesetVersionId;
      if (campaignId) {
        const seat = await requireCampaignSeat(trx, campaignId, owner, ['campaignId']);
        if (seat.factionId !== source.factionId)
          throw new AppError(
            'RULE_VIOLATION',
            'In that campaign the player plays another faction; clone a roster of that faction, or choose another campaign.',
            {
              path: ['campaignId'],
            },
          );
        versionId = seat.ruleset_version_id; // a campaign roster is built against its campaign's pinned pack
      }
      const copyName = rosterNameSchema.parse(name ?? copyNameOf(source.name)); // the text policy, as on every door
      const copy = cloneRoster(source, { campaignId, playerId: owner, rulesetVersionId: versionId, name: copyName });
      await checkReferences(trx, copy, ['id']);
      return detail(trx, copy, await save(trx, copy));
    }),

  'rosters.delete': async ({ id }, ctx) =>
    writeTransaction(ctx.db, async (trx) => {
      await requireRoster(trx, id);
      await setRosterDeleted(trx, id, new Date().toISOString());
      return summaryOf(trx, id);
    }),

  'rosters.restore': async ({ id }, ctx) =>
    writeTransaction(ctx.db, async (trx) => {
      const row = await requireRoster(trx, id, { allowDeleted: true });
      if (!row.deletedAt) throw new AppError('CONFLICT', 'That roster is not deleted.', { path: ['id'] });
      await setRosterDeleted(trx, id, null);
      return summaryOf(trx, id);
    }),

  'rosters.validate': async (input, ctx) => {
    const roster = 'id' in input ? (await requireRoster(ctx.db, input.id)).roster : input.roster;
    return (await check(ctx.db, roster)).validation;
  },

  'rosters.export': async ({ id }, ctx) => {
    const row = await requireRoster(ctx.db, id);
    const { pack } = await packOfVersion(ctx.db, row.roster.rulesetVersionId);
    const player = await requirePlayer(ctx.db, row.roster.playerId, ['playerId']);
    const file = {
      format: ROSTER_FILE_FORMAT,
      version: ROSTER_FILE_VERSION,
      exportedAt: new Date().toISOString(),
      ruleset: {
        packId: pack.meta.id,
        rulesVersion: pack.meta.rulesVersion,
        dataVersion: pack.meta.dataVersion,
        // the pack itself, so an importer holding the same content under another number or name picks it
        digest: await rulesetVersionDigest(ctx.db, row.roster.rulesetVersionId),
      },
      playerName: player.name,
      roster: row.roster,
    };
    return { fileName: safeFileName(row.roster.name, 'aoa-roster.json', 'roster'), text: JSON.stringify(file, null, 2) };
  },

  'rosters.import': async ({ text, playerId, campaignId }, ctx) => {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new AppError('VALIDATION', `The file is not readable JSON: ${describeJsonError(text, e as Error)}.`, { path: [] });
    }
    if (nestsDeeperThan(raw))
      throw new AppError('VALIDATION', `The file nests deeper than ${MAX_JSON_DEPTH} levels; this app never writes such a file.`, { path: [] });
    const parsed = rosterFileSchema.safeParse(raw);
    if (!parsed.success) throw validationError('The roster file is not valid', parsed.error);
    const incoming = parsed.data.roster;
    return writeTransaction(ctx.db, async (trx) => {
      await requirePlayer(trx, playerId, ['playerId']);
      // the file's player, campaign and ruleset version ids belong to the ledger it came from; map them to ours
      let versionId: number;
      let mode = incoming.mode;
      if (campaignId) {
        const c = await requireCampaignSeat(trx, campaignId, playerId, ['campaignId']);
        if (c.factionId !== incoming.factionId) {
          const { pack } = await packOfVersion(trx, c.ruleset_version_id);
          const named = (id: string) => pack.factions.find((f) => f.id === id)?.name ?? id;
          // the path names the campaign: choosing another campaign (or standalone) is how the importer fixes it
          throw new AppError(
            'RULE_VIOLATION',
            `The file's roster is ${named(incoming.factionId)}, but in this campaign the player fields ${named(c.factionId)}; import it as a standalone roster or choose another campaign.`,
            { path: ['campaignId'] },
          );
        }
        versionId = c.ruleset_version_id;
        mode = 'campaign';
      } else {
        // the very pack the file was built with, by its digest, when this ledger holds it; else the newest stored
        // version of its pack id; else the default pack
        const filePack = parsed.data.ruleset?.packId;
        const sameContent = parsed.data.ruleset?.digest ? await rulesetVersionWithDigest(trx, parsed.data.ruleset.digest) : undefined;
        versionId =
          sameContent ??
          (filePack ? await latestRulesetVersionId(trx, filePack).catch(() => defaultRulesetVersionId(trx)) : await defaultRulesetVersionId(trx));
        if (mode === 'campaign') mode = 'standalone';
      }
      const { pack } = await packOfVersion(trx, versionId);
      if (!pack.factions.some((f) => f.id === incoming.factionId))
        throw new AppError('VALIDATION', `The roster's faction "${incoming.factionId}" is not in this ledger's ruleset.`, { path: ['roster', 'factionId'] });
      const taken = await rosterIdTaken(trx, incoming.id);
      const roster: Roster = { ...incoming, id: taken ? newRosterId() : incoming.id, playerId, campaignId, mode, rulesetVersionId: versionId };
      return detail(trx, roster, await save(trx, roster));
    });
  },

  'print.rosterPdf': async ({ id, draft, paperSize }, ctx) => {
    const { fileName, pdf } = await printRoster(ctx.db, id, { draft, paperSize });
    return { fileName, base64: pdf.toString('base64'), pages: pdfPageCount(pdf) };
  },
});

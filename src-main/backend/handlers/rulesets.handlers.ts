import { rulesetsContract } from '../../../src-shared/contract/rulesets.contract';
import { diffPacks } from '../../../src-shared/ruleset/diff';
import {
  createRulesetVersion,
  exportRulesetPack,
  getRulesetVersion,
  importRulesetPack,
  latestRulesetVersionId,
  listRulesetVersions,
  unitUsage,
} from '../db/tables/rulesets.table';
import { defineHandlers } from './define';

export const rulesetsHandlers = defineHandlers(rulesetsContract, {
  'rulesets.list': (_input, ctx) => listRulesetVersions(ctx.db),
  'rulesets.get': async ({ versionId }, ctx) => getRulesetVersion(ctx.db, versionId ?? (await latestRulesetVersionId(ctx.db))),
  'rulesets.createVersion': (input, ctx) => createRulesetVersion(ctx.db, input),
  'rulesets.import': (input, ctx) => importRulesetPack(ctx.db, input),
  'rulesets.export': async ({ versionId }, ctx) => exportRulesetPack(ctx.db, versionId ?? (await latestRulesetVersionId(ctx.db))),
  'rulesets.unitUsage': ({ versionId, unitId }, ctx) => unitUsage(ctx.db, versionId, unitId),
  'rulesets.diff': async ({ a, b }, ctx) => {
    const [va, vb] = await Promise.all([getRulesetVersion(ctx.db, a), getRulesetVersion(ctx.db, b)]);
    return { a: va.version, b: vb.version, changes: diffPacks(va.pack, vb.pack) };
  },
});

import { battleTotals } from '../../../src-shared/battle/summary';
import type { BackendContext } from '../context';
import { getRulesetVersion } from '../db/tables/rulesets.table';
import { isNonStandard, pdfPageCount, pdfToBase64, readPrintSettings, rulesetLabel } from '../pdf/context';
import { renderPdf } from '../pdf/render';
import type { PaperSize } from '../../../templates/pdf/types';
import { buildBattleReport } from '../../../templates/battle-report';
import { battleState } from '../battles/battle-state';
import { battleMission } from '../../../src-shared/battle/mission';
import { isProvisional } from '../../../src-shared/ruleset/pack-facts';
import { battleRules } from '../battles/rules';
import { liveFinishOfBattle } from '../db/tables/finishes.repo';
import { finishPreviewSchema } from '../../../src-shared/campaign/finish-plan.schema';
import { battleRatings } from '../db/tables/battle-ratings.table';

type Loaded = Awaited<ReturnType<typeof battleState>>['loaded'];
type State = Awaited<ReturnType<typeof battleState>>['state'];
type Mission = ReturnType<typeof battleMission>;

/**
 * Which values the report prints are provisional in the pack, each marked where it stands, and whether any is.
 * Province and creature names are provisional in the default pack (DIGEST M-05, M-06): the footer says so too.
 */
function provisionalValues(loaded: Loaded, state: State, mission: Mission) {
  const province = loaded.pack.provinces.find((p) => p.id === state.provinceId);
  const creature = state.cryptid ? loaded.pack.cryptids.find((c) => c.id === state.cryptid!.cryptidId) : undefined;
  return {
    marks: {
      province: !!province && isProvisional(province),
      cryptid: !!creature && isProvisional(creature),
      relicVp: !!mission && isProvisional(mission, 'relicVp'),
      secondaryVp: !!mission && isProvisional(mission, 'secondaryVp'),
    },
    any: (province?.provisional.length ?? 0) > 0 || (creature?.provisional.length ?? 0) > 0 || (mission?.provisional.length ?? 0) > 0,
  };
}

/** The result each side had, from the stored outcome (null while the battle is not finished). */
function resultOf(loaded: Loaded): { A: string; B: string } | null {
  const outcome = loaded.row.outcome_json ? (JSON.parse(loaded.row.outcome_json) as { sides: { result: string }[] }) : null;
  return outcome ? { A: outcome.sides[0]!.result, B: outcome.sides[1]!.result } : null;
}

/** The report's document, from the battle's state and what the database holds beside it. */
async function battleReportDoc(ctx: Pick<BackendContext, 'db'>, battleId: string, state: State, loaded: Loaded) {
  const rules = battleRules(loaded.pack, loaded.options);
  // what Finish Mission recorded for it in the campaign, while that finish stands (not undone)
  const finish = loaded.setup.mode === 'campaign' ? await liveFinishOfBattle(ctx.db, battleId) : undefined;
  const mission = battleMission(state, rules);
  const provisional = provisionalValues(loaded, state, mission);
  const doc = buildBattleReport({
    battleId,
    setup: loaded.setup,
    state,
    totals: battleTotals(state, rules),
    status: loaded.row.status,
    result: resultOf(loaded),
    startedAt: loaded.row.started_at,
    cryptidName: state.cryptid?.name ?? null,
    provinceName: loaded.pack.provinces.find((p) => p.id === state.provinceId)?.name ?? null,
    missionVariantName: mission?.variant?.name ?? null,
    provisional: provisional.marks,
    factionNames: loaded.setup.sides.map((s) => loaded.pack.factions.find((f) => f.id === s.factionId)?.name ?? s.factionId) as [string, string],
    options: loaded.options,
    trophyEffects: Object.fromEntries(loaded.pack.cryptids.map((c) => [c.trophy.id, c.trophy.effect])),
    campaignOutcome: finish ? finishPreviewSchema.parse(JSON.parse(finish.preview_json)) : null,
    ratings: await battleRatings(ctx.db, battleId),
  });
  doc.provisional = provisional.any;
  return doc;
}

/** print.battleReport: the battle report PDF as base64. */
export async function battleReportPdf(
  ctx: Pick<BackendContext, 'db'>,
  battleId: string,
  paperSize?: PaperSize,
): Promise<{ fileName: string; base64: string; pages: number }> {
  const { state, loaded } = await battleState(ctx.db, battleId);
  const doc = await battleReportDoc(ctx, battleId, state, loaded);
  const settings = await readPrintSettings(ctx.db);
  const { version } = await getRulesetVersion(ctx.db, loaded.row.ruleset_version_id);
  const pdf = await renderPdf(doc.body, {
    paperSize: paperSize ?? settings.paperSize,
    title: doc.title,
    author: settings.clubName,
    footer: { rulesetLabel: rulesetLabel(loaded.pack, version.version), provisional: doc.provisional, nonStandard: isNonStandard(loaded.options) },
  });
  return { fileName: `battle-report-${loaded.row.started_at.slice(0, 10)}-${battleId.slice(0, 8)}.pdf`, base64: pdfToBase64(pdf), pages: pdfPageCount(pdf) };
}

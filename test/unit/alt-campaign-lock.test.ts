import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { appContract, CHANNELS } from '../../src-shared/contract';
import { withBackend } from '../helpers/backend';
import { seedCampaignViaApi, seedLedgerPack, withLedgerCampaign } from '../helpers/ledger-seed';
import { pdfText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 8 acceptance 3, DIGEST §23 "Where it is allowed": the module is chosen
 * when a campaign is created and never switched on later; a campaign created
 * with it prints "non-standard" on its PDFs. Real backend, real SQLite file.
 */
const tmp = useTempDirs();

/** Every object key a zod schema accepts, at any depth (unwrapping optional, default, arrays, tuples, unions). */
function schemaKeys(schema: unknown, depth = 0): string[] {
  if (!schema || depth > 6) return [];
  const s = schema as {
    def?: { type?: string; innerType?: unknown; element?: unknown; items?: unknown[]; options?: unknown[]; in?: unknown };
    shape?: Record<string, unknown>;
  };
  const def = s.def;
  if (s.shape) return Object.entries(s.shape).flatMap(([k, v]) => [k, ...schemaKeys(v, depth + 1)]);
  if (!def) return [];
  if (def.innerType) return schemaKeys(def.innerType, depth + 1);
  if (def.in) return schemaKeys(def.in, depth + 1);
  if (def.element) return schemaKeys(def.element, depth + 1);
  return [...(def.items ?? []), ...(def.options ?? [])].flatMap((x) => schemaKeys(x, depth + 1));
}

describe('the module cannot be switched on after a campaign is created', () => {
  it('no campaign or ledger channel but campaigns.create takes the module switch or rule options', () => {
    const campaignChannels = CHANNELS.filter((ch) => ch.startsWith('campaigns.') || ch.startsWith('ledger.'));
    expect(campaignChannels).toContain('campaigns.create');
    const takers = campaignChannels.filter((ch) =>
      schemaKeys(appContract[ch].input).some((k) => k === 'altActivationModule' || k === 'options' || k === 'latchRout'),
    );
    // crossoverCheck only compares the two campaigns' settings; it writes nothing.
    expect(takers.sort()).toEqual(['campaigns.create', 'campaigns.crossoverCheck']);
  });

  it('extra fields slipped into other campaign channels leave the module off', () =>
    withLedgerCampaign(tmp(), async ({ api, campaign }) => {
      expect(campaign.options.altActivationModule).toBe(false);
      expect(campaign.nonStandard).toBe(false);
      const sneaky = { altActivationModule: true, options: { altActivationModule: true } };
      await api.call('campaigns.setStatus', { id: campaign.id, status: 'abandoned', ...sneaky } as never).catch(() => null);
      await api.call('campaigns.setStatus', { id: campaign.id, status: 'active', ...sneaky } as never).catch(() => null);
      const after = await api.call('campaigns.get', { id: campaign.id });
      expect(after.options.altActivationModule).toBe(false);
      expect(after.nonStandard).toBe(false);
    }));

  it('re-importing an edited export cannot turn the module on for an existing campaign', () =>
    withLedgerCampaign(tmp(), async ({ api, campaign }) => {
      const exported = await api.call('campaigns.export', { ids: [campaign.id] });
      expect(exported.json).toContain('altActivationModule');
      const edited = exported.json.replace(/(\\?"altActivationModule\\?":\s*)false/g, '$1true');
      expect(edited).not.toBe(exported.json);
      // Either the import is refused as conflicting, or it leaves the stored campaign untouched.
      await api.call('campaigns.import', { json: edited }).catch((e: { code?: string }) => expect(e.code).toMatch(/CONFLICT|VALIDATION/));
      const after = await api.call('campaigns.get', { id: campaign.id });
      expect(after.options.altActivationModule).toBe(false);
      expect(after.nonStandard).toBe(false);
    }));
});

describe('a campaign created with the module is non-standard', () => {
  it('carries the module in its pinned options and is flagged non-standard', () =>
    withLedgerCampaign(
      tmp(),
      async ({ api, campaign }) => {
        expect(campaign.options.altActivationModule).toBe(true);
        expect(campaign.nonStandard).toBe(true);
        expect((await api.call('campaigns.list', {})).find((c) => c.id === campaign.id)?.nonStandard).toBe(true);
      },
      { alt: true },
    ));

  it('prints "non-standard" on its crib sheet, briefing, campaign summary and army sheets, and a standard campaign does not', () =>
    withBackend(tmp(), async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const alt = await seedCampaignViaApi(api, v, ['Ada', 'Bram'], true);
      const std = await seedCampaignViaApi(api, v, ['Cleo', 'Dov'], false);
      const call = api.call as (ch: string, input: unknown) => Promise<{ base64: string }>;
      for (const [ch, extra] of [
        ['print.cribSheet', {}],
        ['print.briefing', { mission: 1 }],
      ] as const) {
        const altPdf = Buffer.from((await call(ch, { campaignId: alt.campaign.id, ...extra })).base64, 'base64');
        const stdPdf = Buffer.from((await call(ch, { campaignId: std.campaign.id, ...extra })).base64, 'base64');
        expect(pdfText(altPdf), ch).toMatch(/non-standard/);
        expect(pdfText(stdPdf), ch).not.toMatch(/non-standard/);
      }
      // the campaign summary, and an army sheet of each campaign (a fresh roster prints as a marked draft)
      const summary = async (campaignId: string) => Buffer.from((await api.call('print.campaignSummary', { campaignId })).base64, 'base64');
      expect(pdfText(await summary(alt.campaign.id))).toMatch(/non-standard/);
      expect(pdfText(await summary(std.campaign.id))).not.toMatch(/non-standard/);
      const sheet = async (campaignId: string, playerId: string) => {
        const { roster } = await api.call('rosters.create', { name: 'Sheet test', playerId, factionId: 'penitent-concord', campaignId });
        return Buffer.from((await api.call('print.rosterPdf', { id: roster.id, draft: true })).base64, 'base64');
      };
      expect(pdfText(await sheet(alt.campaign.id, alt.a.id))).toMatch(/non-standard/);
      expect(pdfText(await sheet(std.campaign.id, std.a.id))).not.toMatch(/non-standard/);
    }));
});

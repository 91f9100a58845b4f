import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { testBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { captureIo as io } from '../helpers/cli-io';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('battle CLI', () => {
  it('lists battles and exports one as JSON with its record; refuses an unknown id (exit 1)', async () => {
    const dir = tmp();
    const t = await testBackend(dir);
    const { pack, campaign, rosters } = await seedCampaign(t.api);
    const b = await t.api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
    await t.api.call('battles.act', {
      battleId: b.id,
      clientEventId: crypto.randomUUID(),
      intent: { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: 1 } },
    });
    await t.close();

    const list = io();
    expect(await runCli(['--data-dir', dir, 'battle', 'list'], list.io)).toBe(0);
    expect(list.out.join('\n')).toMatch(new RegExp(`${b.id}.*Ana v Bo.*in progress, .*mission 1, round setup, 1 event\\]`));

    const exp = io();
    expect(await runCli(['--data-dir', dir, 'battle', 'export', b.id], exp.io)).toBe(0);
    const doc = JSON.parse(exp.out.join(''));
    expect(doc.format).toBe('age-of-ash-battle');
    expect(doc.battle.log.map((e: { body: { kind: string } }) => e.body.kind)).toEqual(['setup.scenario']);

    const missing = io();
    expect(await runCli(['--data-dir', dir, 'battle', 'export', 'nope'], missing.io)).toBe(1);
    expect(missing.err.join('')).toMatch(/no battle/i);
  });
});

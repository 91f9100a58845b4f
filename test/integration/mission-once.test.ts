import { describe, expect, it } from 'vitest';
import { missionRecordedNotice } from '../../src-shared/campaign/mission-once';
import { dumpLedger } from '../helpers/backend';
import { clubNightOn, lanInvoke, nextNotice, tokenOfUrl, useClubServers } from '../helpers/club-night';
import { act, playSetup, seedClub, seededOutcome, startCampaignBattle } from '../helpers/crash-harness-seeds';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 40, one mission, one record: a mission recorded on the paper form while a table was playing it in Play Mode
 * left that battle "in progress" and its phone link live; the table played five rounds before Finish refused. Now the
 * battle is marked at once (`missionRecordedElsewhere`), its phones are told over their live stream, and its table
 * links only read, saying why; undoing the record in the Journal gives the battle its mission back.
 */
const tmp = useTempDirs();
const { served } = useClubServers(tmp);

interface Reply {
  ok: boolean;
  error?: { code: string; message: string };
}

describe.each(DIALECTS)('one mission, one record (%s)', (dialect) => {
  it('a paper record of the mission a table is playing marks that battle, tells its phone, and makes its link read-only', async () => {
    const c = await served(await ledgerPlace(dialect, tmp()));
    const club = await seedClub(c.api);
    let b = await playSetup(c.api, await startCampaignBattle(c.api, club), club.pack);
    expect(b.mission).toBe(1);
    expect(b.missionRecordedElsewhere).toBe(false);
    const port = await clubNightOn(c);
    const token = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    const note = (text: string) => ({ kind: 'record' as const, body: { kind: 'record.note' as const, text } });
    const phoneAct = async (text: string) =>
      JSON.parse((await lanInvoke(port, token, 'battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: note(text) })).body) as Reply;
    expect(await phoneAct('the phone records while the mission is free')).toMatchObject({ ok: true });

    // the phone is listening when the organiser records Mission 1 on the paper form
    const listening = nextNotice(port, token, 2_000);
    await listening.opened;
    const paper = await c.api.call('campaigns.finishMission', { battleId: `paper-${crypto.randomUUID()}`, outcome: seededOutcome(club, 1) });
    expect(paper.recorded).toBe(true);
    expect(await listening.notice).toBe(b.id);

    // marked on the organiser's screens: the battle itself and the list of battles in progress
    b = await c.api.call('battles.get', { battleId: b.id });
    expect(b).toMatchObject({ status: 'in_progress', missionRecordedElsewhere: true });
    const listed = (await c.api.call('battles.list', { status: 'in_progress' })).find((x) => x.id === b.id);
    expect(listed?.missionRecordedElsewhere).toBe(true);

    // the phone's link only reads now, saying why, and writes nothing
    const before = await dumpLedger(c.backend);
    const refused = await phoneAct('the phone tries again');
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(refused.error!.message).toContain(missionRecordedNotice(1));
    expect(await dumpLedger(c.backend)).toEqual(before);
    // ... but still reads its battle
    const read = JSON.parse((await lanInvoke(port, token, 'battles.get', { battleId: b.id })).body) as Reply & { value: { missionRecordedElsewhere: boolean } };
    expect(read).toMatchObject({ ok: true, value: { missionRecordedElsewhere: true } });

    // Finish in Play Mode says the mission is recorded, and records nothing
    await expect(c.api.call('battles.finish', { battleId: b.id, result: 'win' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(missionRecordedNotice(1)),
    });

    // the organiser undoes the paper record in the Journal: the battle has its mission back, and the phone records again
    await c.api.call('ledger.undo', { campaignId: club.campaign.id });
    expect((await c.api.call('battles.get', { battleId: b.id })).missionRecordedElsewhere).toBe(false);
    expect(await phoneAct('the phone records again')).toMatchObject({ ok: true });
    b = await act(c.api, b.id, note('and so does the organiser'));
    expect(b.missionRecordedElsewhere).toBe(false);
  });
});

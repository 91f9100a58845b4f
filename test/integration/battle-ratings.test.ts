// Issue 36 (Field Manual §12, "speed, clarity and fun"): at Finish, in Play Mode and on the post-battle form, each player
// may rate the battle's fun and clarity from 1 to 5 and name a rule that confused them. The ratings are written in the
// finish's own transaction (a refused finish leaves none), read back by battles.ratings, changed later by battles.rate,
// printed in the battle report and counted in the club's playtest report; anything but a whole 1–5 or a policy-clean
// rule is refused, naming the field.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src-shared/errors';
import { finishMission } from '../../src-main/backend/campaigns/finish-mission';
import { dumpLedger, withBackend } from '../helpers/backend';
import { playFiveRounds, seedClub, seededOutcome, startCampaignBattle } from '../helpers/crash-harness-seeds';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { expectError } from '../helpers/expect-error';
import { pdfText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** Ratings a request must refuse, each with the path and the words of its refusal. */
const BAD: { what: string; ratings: unknown; path: (string | number)[]; message: RegExp }[] = [
  { what: 'fun 0', ratings: { A: { fun: 0 } }, path: ['ratings', 'A', 'fun'], message: /whole number from 1 to 5/ },
  { what: 'clarity 6', ratings: { B: { clarity: 6 } }, path: ['ratings', 'B', 'clarity'], message: /whole number from 1 to 5/ },
  { what: 'fun 2.5', ratings: { A: { fun: 2.5 } }, path: ['ratings', 'A', 'fun'], message: /whole number from 1 to 5/ },
  { what: 'fun as text', ratings: { A: { fun: '4' } }, path: ['ratings', 'A', 'fun'], message: /whole number from 1 to 5/ },
  { what: 'ESC sequences in the rule', ratings: { A: { confusingRule: '\u001b[2JSteady Fire' } }, path: ['ratings', 'A', 'confusingRule'], message: /U\+001B/ },
  { what: 'a text-direction override', ratings: { B: { confusingRule: 'Steady\u202eFire' } }, path: ['ratings', 'B', 'confusingRule'], message: /U\+202E/ },
  { what: 'a rule of 41 characters', ratings: { A: { confusingRule: 'x'.repeat(41) } }, path: ['ratings', 'A', 'confusingRule'], message: /at most 40/ },
  { what: 'a side C', ratings: { C: { fun: 3 } }, path: ['ratings'], message: /./ },
];

/** The refusal of `p`: VALIDATION at `path`, its message (or one of its issues') matching `message`. */
async function refusedAt(p: Promise<unknown>, path: (string | number)[], message: RegExp): Promise<void> {
  const e = await expectError(p, 'VALIDATION');
  const found = [{ path: e.path, message: e.message }, ...(e.issues ?? [])].find((i) => JSON.stringify(i.path?.slice(0, path.length)) === JSON.stringify(path));
  expect(found, `${JSON.stringify(e.path)} ${e.message}`).toBeDefined();
  expect(found!.message).toMatch(message);
}

describe.each(DIALECTS)('the players’ ratings at Finish (%s)', (dialect) => {
  it('Play Mode: bad ratings are refused with nothing written; good ones land with the finish, in the report and its PDF; later ones too', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      const club = await seedClub(api);
      const [ana, bo] = club.players;
      const good = { A: { fun: 4, clarity: 3, confusingRule: '  Steady Fire ' }, B: { fun: 5 } };
      // a finish refused (the battle is still in its first round) writes no rating
      const started = await startCampaignBattle(api, club);
      let before = await dumpLedger(backend);
      await expectError(api.call('battles.finish', { battleId: started.id, result: 'win', ratings: good }), 'RULE_VIOLATION');
      expect(await dumpLedger(backend)).toEqual(before);
      const battle = await playFiveRounds(api, started, club.pack);

      // refused, each naming the field, and the ledger exactly as it was: the battle still in progress
      before = await dumpLedger(backend);
      for (const bad of BAD)
        await refusedAt(api.call('battles.finish', { battleId: battle.id, result: 'win', ratings: bad.ratings } as never), bad.path, bad.message);
      expect(await dumpLedger(backend)).toEqual(before);
      // a battle in progress is rated at Finish, not before
      await expectError(api.call('battles.rate', { battleId: battle.id, side: 'A', rating: { fun: 3 } }), 'CONFLICT');

      const finished = await api.call('battles.finish', {
        battleId: battle.id,
        result: 'win',
        requestId: crypto.randomUUID(),
        ratings: good,
      });
      expect(finished).toMatchObject({ recorded: true, battle: { status: 'finished' } });
      expect(await api.call('battles.ratings', { battleId: battle.id })).toEqual({
        A: { fun: 4, clarity: 3, confusingRule: 'Steady Fire' },
        B: { fun: 5, clarity: null, confusingRule: null },
      });
      // a second press with other ratings records nothing new
      expect(await api.call('battles.finish', { battleId: battle.id, result: 'win', ratings: { A: { fun: 1 } } })).toMatchObject({ alreadyRecorded: true });
      expect((await api.call('battles.ratings', { battleId: battle.id })).A).toMatchObject({ fun: 4 });

      // the club's report counts them: 2 sides, fun 4 and 5, clarity 3, one rule
      const { report } = await api.call('reports.run', {});
      expect(report.ratings).toEqual({
        sides: 2,
        fun: { n: 2, mean: 4.5, median: 4.5 },
        clarity: { n: 1, mean: 3, median: 3 },
        confusingRules: [{ rule: 'Steady Fire', count: 1 }],
      });
      expect((await api.call('reports.figures', {})).report.ratings).toEqual(report.ratings);
      expect((await api.call('reports.csv', {})).text).toMatch(/\r\nratings,fun,,median,4\.5000,\r\n/);

      // the battle report prints them, each player named
      const pdf = Buffer.from((await api.call('print.battleReport', { battleId: battle.id })).base64, 'base64');
      const text = pdfText(pdf).replace(/[\u2068\u2069]/g, '');
      expect(text).toContain('Players’ ratings');
      expect(text).toMatch(new RegExp(`A: ${ana.name}\\s+4\\s+3\\s+Steady Fire`));
      expect(text).toMatch(new RegExp(`B: ${bo.name}\\s+5\\s+—\\s+—`));

      // Bo rates the clarity later and names a rule; Ana clears hers; bad ones are refused there too
      await refusedAt(api.call('battles.rate', { battleId: battle.id, side: 'B', rating: { clarity: 0 } }), ['rating', 'clarity'], /1 to 5/);
      expect(await api.call('battles.rate', { battleId: battle.id, side: 'B', rating: { fun: 5, clarity: 2, confusingRule: 'Uncloak' } })).toEqual({
        A: { fun: 4, clarity: 3, confusingRule: 'Steady Fire' },
        B: { fun: 5, clarity: 2, confusingRule: 'Uncloak' },
      });
      expect(await api.call('battles.rate', { battleId: battle.id, side: 'A', rating: { fun: null, clarity: null, confusingRule: '' } })).toEqual({
        A: null,
        B: { fun: 5, clarity: 2, confusingRule: 'Uncloak' },
      });
      expect((await api.call('reports.run', {})).report.ratings).toEqual({
        sides: 1,
        fun: { n: 1, mean: 5, median: 5 },
        clarity: { n: 1, mean: 2, median: 2 },
        confusingRules: [{ rule: 'Uncloak', count: 1 }],
      });
      await expectError(api.call('battles.ratings', { battleId: 'no-such-battle' }), 'NOT_FOUND');
      await expectError(api.call('battles.rate', { battleId: 'no-such-battle', side: 'A', rating: { fun: 3 } }), 'NOT_FOUND');
    });
  }, 120_000);

  it('the post-battle form: ratings with the finish, none when it is refused, and the skip path records none', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      const club = await seedClub(api);
      const ratings = { A: { fun: 2, clarity: 4 }, B: { confusingRule: 'Relic carrying' } };

      // bad ratings: refused before anything is written
      const before = await dumpLedger(backend);
      for (const bad of BAD)
        await refusedAt(
          api.call('campaigns.finishMission', { battleId: 'paper-bad', outcome: seededOutcome(club, 1), ratings: bad.ratings } as never),
          bad.path,
          bad.message,
        );
      // a finish refused inside its transaction (a formation the army does not have) writes no rating either
      const foreign = seededOutcome(club, 1);
      foreign.sides[0].rosterId = club.rosters[0]!.id;
      foreign.sides[0].formations.push({ ...foreign.sides[0].formations[0]!, formationId: 'not-in-this-army' });
      await expectError(api.call('campaigns.finishMission', { battleId: 'paper-foreign', outcome: foreign, ratings }), 'VALIDATION');
      // and one refused at its last step, after the ratings were written in its transaction: rolled back with it
      await expect(
        finishMission(
          backend.ctx.db,
          { battleId: 'paper-late', outcome: seededOutcome(club, 1), ratings: { A: { fun: 3, clarity: 3, confusingRule: null } } },
          {
            beforeCommit: () => {
              throw new AppError('CONFLICT', 'refused at the last step');
            },
          },
        ),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await dumpLedger(backend)).toEqual(before);

      // Mission 1 played in Play Mode too, and recorded on paper first: its finish is refused in its transaction, no rating
      const played = await playFiveRounds(api, await startCampaignBattle(api, club), club.pack);
      const recorded = await api.call('campaigns.finishMission', {
        battleId: 'paper-m1',
        outcome: seededOutcome(club, 1),
        requestId: crypto.randomUUID(),
        ratings,
      });
      expect(recorded.recorded).toBe(true);
      const afterPaper = await dumpLedger(backend);
      await expectError(api.call('battles.finish', { battleId: played.id, result: 'win', ratings: { A: { fun: 1 }, B: { fun: 1 } } }), 'CONFLICT');
      expect(await dumpLedger(backend)).toEqual(afterPaper);
      expect(await api.call('battles.ratings', { battleId: 'paper-m1' })).toEqual({
        A: { fun: 2, clarity: 4, confusingRule: null },
        B: { fun: null, clarity: null, confusingRule: 'Relic carrying' },
      });
      // a player who rates later: the paper battle is rated by its id
      expect((await api.call('battles.rate', { battleId: 'paper-m1', side: 'B', rating: { fun: 3, confusingRule: 'Relic carrying' } })).B).toEqual({
        fun: 3,
        clarity: null,
        confusingRule: 'Relic carrying',
      });

      // skipped (no ratings, or every field empty): the finish is recorded, no rating row
      const skipped = await api.call('campaigns.finishMission', {
        battleId: 'paper-m2',
        outcome: seededOutcome(club, 2),
        ratings: { A: { fun: null, clarity: null, confusingRule: '' }, B: null },
      });
      expect(skipped.recorded).toBe(true);
      expect(await api.call('battles.ratings', { battleId: 'paper-m2' })).toEqual({ A: null, B: null });
      const rows = await backend.ctx.db.selectFrom('battle_ratings').select(['battle_id', 'side']).orderBy('battle_id').orderBy('side').execute();
      expect(rows).toEqual([
        { battle_id: 'paper-m1', side: 'A' },
        { battle_id: 'paper-m1', side: 'B' },
      ]);
    });
  }, 120_000);
});

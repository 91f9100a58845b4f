import { describe, expect, it } from 'vitest';
import { escapeForTerminal } from '../../src-main/cli/safe-output';
import { captureIo, cliOn } from '../helpers/cli-io';
import { withBackend } from '../helpers/backend';
import { seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** Names an older app version could store, each meant to drive the organiser's terminal. */
const HOSTILE = {
  clear: 'Ada\u001b[2J\u001b[H',
  title: 'Bram\u001b]0;owned\u0007',
  c1: 'Cyd\u009b31m',
  rlo: 'Dag\u202Egnp.exe',
  isolate: '\u2066Eve\u2069',
  nul: 'Fay\u0000',
  surrogate: 'Gus\ud800',
  cr: 'Hal\rOVERWRITE',
};

/** What a terminal must never receive: a byte below 0x20 other than newline and tab, DEL, C1, a bidi control, a lone surrogate. */
// eslint-disable-next-line no-control-regex -- the control characters are what must not be printed
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;

describe('the CLI prints names from the ledger harmlessly', () => {
  it('escapes control and bidi characters in text and in --json, names and messages alike', async () => {
    const dir = tmp();
    let campaignId = '';
    await withBackend(dir, async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api, v);
      campaignId = campaign.id;
      // written past the text policy, as an older version of the app could have stored them
      await backend.ctx.db
        .updateTable('players')
        .set({ name: HOSTILE.clear + HOSTILE.c1 })
        .where('id', '=', a.id)
        .execute();
      await backend.ctx.db
        .updateTable('players')
        .set({ name: HOSTILE.title + HOSTILE.rlo + HOSTILE.surrogate })
        .where('id', '=', b.id)
        .execute();
      await backend.ctx.db
        .updateTable('campaigns')
        .set({ name: HOSTILE.isolate + HOSTILE.nul + HOSTILE.cr, notes: HOSTILE.clear })
        .where('id', '=', campaign.id)
        .execute();
    });
    const cli = cliOn(dir);
    const runs: string[][] = [
      ['campaign', 'list'],
      ['campaign', 'list', '--json'],
      ['campaign', 'show', campaignId],
      ['campaign', 'show', campaignId, '--json'],
      // a refusal whose message quotes the hostile text
      ['campaign', 'show', HOSTILE.clear + HOSTILE.rlo],
      ['campaign', 'show', HOSTILE.clear + HOSTILE.rlo, '--json'],
    ];
    for (const args of runs) {
      const { io, out, err } = captureIo();
      await cli(args, io);
      const printed = out.join('\n') + err.join('\n');
      expect(printed.length, args.join(' ')).toBeGreaterThan(0);
      expect(UNSAFE.exec(printed), `${args.join(' ')} printed ${JSON.stringify(printed.slice(0, 400))}`).toBeNull();
    }
    const list = captureIo();
    await cli(['campaign', 'list'], list.io);
    expect(list.out.join('\n')).toContain('Ada\\u001B[2J');
    const json = captureIo();
    await cli(['campaign', 'list', '--json'], json.io);
    // --json stays JSON, and reads back as the names the ledger holds
    const parsed = JSON.parse(json.out.join('')) as unknown;
    expect(JSON.stringify(parsed)).toContain(JSON.stringify(HOSTILE.clear + HOSTILE.c1).slice(1, -1));
  });

  it('escapes each character as \\uXXXX and leaves text, tab and newline alone', () => {
    expect(escapeForTerminal('Zoë ⚔️ 👩‍🚀 שלום\tok\n')).toBe('Zoë ⚔️ 👩‍🚀 שלום\tok\n');
    expect(escapeForTerminal('a\u001b[2Jb\u202Ec\u0085\ud800')).toBe('a\\u001B[2Jb\\u202Ec\\u0085\\uD800');
  });
});

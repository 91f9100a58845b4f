import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it } from 'vitest';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { qrPath } from '../../src-shared/qr-path';
import { QR_SIDE_POINTS } from '../../templates/table-cards';
import { dumpLedger } from '../helpers/backend';
import { act, twoMinimalArmies } from '../helpers/battle-seed';
import { clubNightOn, LAN, lanInvoke, send, startClubServer, tokenOfUrl, type ClubServer } from '../helpers/club-night';
import { expectError } from '../helpers/expect-error';
import { pdfInfo, pdfText, renderFirstPage } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 35, point 4: the printed table cards. One card per table with its QR
 * code drawn as vectors; the page is rasterised as a printer would
 * (pdftoppm) and every QR code read back (jsQR) must be exactly its card's
 * link, and that link must open its table on the LAN listener (127.0.0.2).
 */

const tmp = useTempDirs();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function served(): Promise<ClubServer> {
  const c = await startClubServer(tmp(), tmp());
  cleanups.push(c.close);
  return c;
}

async function battles(c: ClubServer, pairs: [string, string][]): Promise<BattleDetail[]> {
  const { pack } = await c.api.call('rulesets.get', {});
  const out: BattleDetail[] = [];
  for (const [i, names] of pairs.entries()) {
    const [a, b] = await twoMinimalArmies(c.api, pack, names, `t${i}`);
    out.push(await c.api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id], mission: (i % 5) + 1 }));
  }
  return out;
}

/** Refused with `code`, its message matching `message` when given. */
async function expectAppError(p: Promise<unknown>, code: string, message?: RegExp): Promise<void> {
  const e = await expectError(p, code);
  if (message) expect(e.message).toMatch(message);
}

/** Every page rendered at `dpi` as greyscale, as a printer would, and the QR codes read from each. */
function qrCodesOnPages(pdf: Buffer, dpi = 100): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-cards-'));
  try {
    writeFileSync(join(dir, 'cards.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), join(dir, 'cards.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort()
      .map((f) => qrCodesIn(readPgm(readFileSync(join(dir, f))), (QR_SIDE_POINTS / 72) * dpi));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Grey {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A binary PGM (P5, 8-bit), as pdftoppm -gray writes it. */
function readPgm(file: Buffer): Grey {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header || header[3] !== '255') throw new Error('not an 8-bit binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: new Uint8Array(file.subarray(header[0].length, header[0].length + width * height)) };
}

/**
 * The QR codes on a page, in reading order (top to bottom, left to right), each once. jsQR reads one code per image
 * and is misled by another code's finder patterns, so the page is read through a window sliding over it, a little
 * over one code wide, close enough that every code lies whole in some window; a code read from several windows is
 * one code when it stands at the same place on the page.
 */
function qrCodesIn(page: Grey, codeSide: number): string[] {
  const side = Math.round(codeSide * 1.5);
  const stride = Math.round(codeSide * 0.4);
  const found: { data: string; x: number; y: number }[] = [];
  const rgba = new Uint8ClampedArray(side * side * 4);
  for (let top = 0; top + stride < page.height; top += stride)
    for (let left = 0; left + stride < page.width; left += stride) {
      rgba.fill(255);
      for (let y = 0; y < side && top + y < page.height; y++)
        for (let x = 0; x < side && left + x < page.width; x++) {
          const v = page.pixels[(top + y) * page.width + left + x]!;
          const i = (y * side + x) * 4;
          rgba[i] = rgba[i + 1] = rgba[i + 2] = v;
        }
      const code = jsQR(rgba, side, side, { inversionAttempts: 'dontInvert' });
      if (!code) continue;
      const { topLeftCorner: tl, bottomRightCorner: br } = code.location;
      const at = { x: left + (tl.x + br.x) / 2, y: top + (tl.y + br.y) / 2 };
      if (!found.some((f) => Math.hypot(f.x - at.x, f.y - at.y) < codeSide / 2)) found.push({ data: code.data, ...at });
      else expect(found.find((f) => Math.hypot(f.x - at.x, f.y - at.y) < codeSide / 2)!.data, 'one code read two ways').toBe(code.data);
    }
  return found.sort((a, b) => (Math.abs(a.y - b.y) < codeSide / 2 ? a.x - b.x : a.y - b.y)).map((f) => f.data);
}

describe('printed table cards (print.tableCards)', () => {
  it('one card per battle in progress: each QR code read from the rendered page is exactly its link, and the link opens its table', async () => {
    const c = await served();
    // seven tables: four pages of two rows… and a name in Hebrew, printed in a font that has it
    const tables = await battles(c, [
      ['Ana', 'Bo'],
      ['Cy', 'Dee'],
      ['Ed', 'Flo'],
      ['Gus', 'הדס'],
      ['Ivy', 'Jo'],
      ['Kit', 'Lou'],
      ['Max', 'Ned'],
    ]);
    const port = await clubNightOn(c);

    const cards = await c.api.call('print.tableCards', { hours: 5 });
    expect(cards.fileName).toBe('table-cards.pdf');
    expect(cards.links.map((l) => l.battleId)).toEqual(tables.map((t) => t.id));
    for (const l of cards.links) {
      expect(l.url.startsWith(`http://${LAN}:${port}/club?t=`)).toBe(true);
      expect(Date.parse(l.expiresAt) - Date.now()).toBeGreaterThan(4.9 * 3_600_000);
    }
    const pdf = Buffer.from(cards.base64, 'base64');
    // six cards to a page, on A4 as on US Letter
    expect(pdfInfo(pdf).pages).toBe(cards.pages);
    expect(cards.pages).toBe(2);
    expect((await c.api.call('print.tableCards', { hours: 5, paperSize: 'LETTER' })).pages).toBe(2);
    renderFirstPage(pdf, 'table-cards');

    // what a phone's camera reads from the paper: every card's link, each exactly once, and nothing else
    const read = qrCodesOnPages(pdf);
    expect(read.flat().sort()).toEqual(cards.links.map((l) => l.url).sort());
    // in the cards' order, page by page
    expect(read.flat()).toEqual(cards.links.map((l) => l.url));

    // the printed words: each card's players, mission and link, the Hebrew name as written
    const text = pdfText(pdf);
    for (const t of tables) expect(text).toContain(`Mission ${t.mission}`);
    expect(text).toContain('הדס');
    expect(text).toMatch(/Valid until \w{3} \d{1,2} \w{3}, \d{2}:\d{2}/);
    // the link printed under its code (broken after `club?`, the token whole on its own line)
    for (const l of cards.links) expect(text).toContain(`t=${tokenOfUrl(l.url)}`);
    // the QR codes are vectors: the PDF embeds no picture
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);

    // the link read from the card opens its table on the LAN address: the token becomes the phone's cookie
    const opened = await send(LAN, port, { path: new URL(read[0]![0]!).pathname + new URL(read[0]![0]!).search });
    expect(opened.status).toBe(200);
    expect(String(opened.headers['set-cookie'])).toContain('HttpOnly');
    const asPhone = JSON.parse((await lanInvoke(port, tokenOfUrl(read[0]![0]!), 'battles.get', { battleId: tables[0]!.id })).body);
    expect(asPhone).toMatchObject({ ok: true, value: { id: tables[0]!.id } });
    // and reaches only its own battle
    const other = JSON.parse((await lanInvoke(port, tokenOfUrl(read[0]![0]!), 'battles.get', { battleId: tables[1]!.id })).body);
    expect(other).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

    // the tables now show on the organiser's list
    expect((await c.api.call('clubNight.tables', {})).map((t) => t.battleId).sort()).toEqual(tables.map((t) => t.id).sort());
  });

  it('chosen tables only; a battle over, club night off or no battle at all is refused and makes no link', async () => {
    const c = await served();
    const [one, two, three] = await battles(c, [
      ['Ana', 'Bo'],
      ['Cy', 'Dee'],
      ['Ed', 'Flo'],
    ]);

    // club night off: no base address to put in a link
    let before = await dumpLedger(c.backend);
    await expectAppError(c.api.call('print.tableCards', { hours: 6 }), 'CONFLICT', /Club night is off/);
    expect(await dumpLedger(c.backend)).toEqual(before);

    await clubNightOn(c);
    const chosen = await c.api.call('print.tableCards', { battleIds: [three!.id, one!.id], hours: 6, paperSize: 'LETTER' });
    expect(chosen.links.map((l) => l.battleId)).toEqual([three!.id, one!.id]);
    expect(pdfInfo(Buffer.from(chosen.base64, 'base64')).pageSize).toMatch(/612 x 792/);
    expect(qrCodesOnPages(Buffer.from(chosen.base64, 'base64')).flat()).toEqual(chosen.links.map((l) => l.url));

    await c.api.call('battles.abandon', { battleId: two!.id, confirm: true });
    before = await dumpLedger(c.backend);
    await expectAppError(c.api.call('print.tableCards', { battleIds: [one!.id, two!.id], hours: 6 }), 'CONFLICT', /Only a battle in progress/);
    await expectAppError(c.api.call('print.tableCards', { battleIds: ['no-such-battle'], hours: 6 }), 'NOT_FOUND');
    expect(await dumpLedger(c.backend)).toEqual(before);

    // reprinting makes new links; those handed out before still open their table
    const again = await c.api.call('print.tableCards', { battleIds: [one!.id], hours: 6 });
    expect(again.links[0]!.url).not.toBe(chosen.links[1]!.url);
    for (const url of [again.links[0]!.url, chosen.links[1]!.url])
      expect(JSON.parse((await lanInvoke(Number(new URL(url).port), tokenOfUrl(url), 'battles.get', { battleId: one!.id })).body).ok).toBe(true);

    await c.api.call('battles.abandon', { battleId: one!.id, confirm: true });
    await c.api.call('battles.abandon', { battleId: three!.id, confirm: true });
    await expectAppError(c.api.call('print.tableCards', { hours: 6 }), 'CONFLICT', /No battle is in progress/);
  });

  it('every table’s card in the order its battle started, whichever table recorded last', async () => {
    const c = await served();
    const tables = await battles(c, [
      ['Ana', 'Bo'],
      ['Cy', 'Dee'],
      ['Ed', 'Flo'],
    ]);
    const { pack } = await c.api.call('rulesets.get', {});
    // the first table, then the second, record after the third started: the battles' list now leads with the second
    for (const t of [tables[0]!, tables[1]!]) {
      // a record's time is kept to the millisecond: two in the same one would leave the list's order to chance
      await new Promise((r) => setTimeout(r, 5));
      await act(c.api, t.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: t.mission } });
    }
    expect((await c.api.call('battles.list', { status: 'in_progress' })).map((b) => b.id)[0]).toBe(tables[1]!.id);
    await clubNightOn(c);
    const cards = await c.api.call('print.tableCards', { hours: 2 });
    expect(cards.links.map((l) => l.battleId)).toEqual(tables.map((t) => t.id));
  });

  it('the QR path: one rectangle per run of dark modules, inside a four-module quiet zone', () => {
    // row 0: ■■□■ ; row 1: □□□□ ; row 2: ■□□□ ; row 3: ■■■■
    const data = [1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1];
    expect(qrPath({ size: 4, data })).toBe('M4 4h2v1h-2zM7 4h1v1h-1zM4 6h1v1h-1zM4 7h4v1h-4z');
  });
});

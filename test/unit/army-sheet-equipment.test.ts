import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src-main/backend/pdf';
import type { Roster } from '../../src-shared/roster/schema';
import { rosterViolations } from '../../src-shared/roster/validate';
import { buildArmySheet } from '../../templates/army-sheet';
import { EQUIPMENT_COST, EQUIPMENT_PACK } from '../fixtures/roster-equipment';
import { COST, formation, minimalRoster } from '../fixtures/roster-pack';
import { pdfText, renderFirstPage } from '../helpers/pdf';

/**
 * The army sheet lists what each model carries and marks storm protection
 * [000 §13 step 4: equipment is bought; §10 storm step 2: suitable equipment
 * gets a 5+ roll; DIGEST AMB-19f].
 */
async function sheet(r: Roster) {
  const validation = rosterViolations(r, EQUIPMENT_PACK, { allowance: 1000 });
  const built = buildArmySheet({ roster: r, pack: EQUIPMENT_PACK, validation, playerName: 'Ana', campaign: null, allowanceSource: 'standalone', draft: false });
  const pdf = await renderPdf(built.body, {
    paperSize: 'A4',
    title: `Army sheet: ${r.name}`,
    author: 'Test club',
    footer: { rulesetLabel: 'Roster test pack', provisional: built.provisional, nonStandard: false },
  });
  return { pdf, validation };
}

/** Words whose box crosses the 40-pt side margins, from `pdftotext -bbox`. */
function wordsOutsideMargins(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-eq-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const width = Number(html.match(/<page width="([\d.]+)"/)![1]);
    const out: string[] = [];
    for (const m of html.matchAll(/<word xMin="([\d.-]+)" yMin="[\d.-]+" xMax="([\d.-]+)" yMax="[\d.-]+">(.*)<\/word>/g)) {
      if (Number(m[1]) < 39 || Number(m[2]) > width - 39) out.push(m[3]!);
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function equippedRoster(): Roster {
  const r = minimalRoster({ name: 'Cloaked Penitents' });
  r.formations.push(formation('heavy', 1, 'Bombard'));
  r.captain!.name = 'Mother Ysolde';
  r.captain!.equipment = ['cloak', 'dressings'];
  r.officers[0]!.name = 'Deacon Marguerite-Dufresne';
  r.officers[0]!.equipment = ['cloak', 'horn', 'dressings']; // the widest cell a command model can have
  r.formations[0]!.fighters[0]!.name = 'Brother Anselm';
  r.formations[0]!.fighters[0]!.equipment = ['cloak'];
  r.formations[2]!.fighters[0]!.equipment = ['mantle'];
  return r;
}

describe('army sheet: equipment [000 §13 step 4, §10; DIGEST AMB-19f]', () => {
  it('lists each model’s equipment, marks storm protection, and counts its points', async () => {
    const r = equippedRoster();
    const { pdf, validation } = await sheet(r);
    expect(validation.violations).toEqual([]);
    const flat = pdfText(pdf).replace(/\s+/g, ' ');
    // the fighter row: name, loadout, equipment with its mark, points with the cloak
    expect(flat).toMatch(new RegExp(`Brother Anselm Standard Lead cloak\\S* \\(storm protection\\) ${COST.core + EQUIPMENT_COST.cloak}`));
    // the Heavy's mantle is marked too; the horn and dressings are not protection
    expect(flat).toMatch(/Storm mantle\S* \(storm protection\)/);
    expect(flat).not.toMatch(/Signal horn\S* \(storm protection\)/);
    expect(flat).not.toMatch(/Field dressings\S* \(storm protection\)/);
    // command points include the equipment
    const command = COST.captain + 4 * COST.officer + 2 * EQUIPMENT_COST.cloak + 2 * EQUIPMENT_COST.dressings + EQUIPMENT_COST.horn;
    expect(validation.breakdown.command).toBe(command);
    expect(flat).toContain(`Command group · ${command} pts`);
    expect(flat).toContain(`${COST.officer + EQUIPMENT_COST.cloak + EQUIPMENT_COST.horn + EQUIPMENT_COST.dressings}`);
    // each item carried explained once, protection with its roll
    expect(flat).toContain('Equipment carried');
    expect(flat).toMatch(/Lead cloak\S* \(3 pts\)\. Storm protection: the bearer takes the storm's Wound only if it fails a 5\+ roll\./);
    expect(flat.match(/Signal horn\S* \(6 pts\)/g)?.length).toBe(1);
    expect(wordsOutsideMargins(pdf)).toEqual([]);
    renderFirstPage(pdf, 'army-sheet-equipment');
  });

  it('a roster without equipment prints dashes and no equipment section', async () => {
    const flat = pdfText((await sheet(minimalRoster())).pdf).replace(/\s+/g, ' ');
    expect(flat).not.toContain('Equipment carried');
    expect(flat).toMatch(/Standard — 10/);
  });
});

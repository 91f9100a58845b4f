import type { Roster, Formation } from '../src-shared/roster/schema';
import type { RosterValidation } from '../src-shared/roster/validate';
import { SLOT_LABEL } from '../src-shared/roster/validate';
import { type Equipment, type RulesetPack, type Unit, type Weapon } from '../src-shared/ruleset/schema';
import { isProvisional } from '../src-shared/ruleset/pack-facts';
import { effectiveProfile, findRule, type EffectiveProfile } from '../src-shared/ruleset/lookup';
import type { PdfBody, PdfContent, PdfNode } from './pdf/types';
import { heading, inches, markIf, PROVISIONAL_MARK, profileTable, ruleParagraph, simpleTable, title, type ProfileRow } from './pdf/pieces';
import { isolate } from './pdf/script-fonts';
import { rosterSpecialRuleIds } from './crib-sheet';

/**
 * The army sheet (issue 4): everything a player needs at the table about
 * their warband, from the roster and the pack it was built against. Long
 * names wrap inside star-width columns and tables never split a row, so no
 * text runs off the page however long a roster gets.
 */

/** The mark printed beside equipment that protects against the radiation storm. */
const STORM_NOTE = 'storm protection';

/** Campaign state from the ledger, when the roster belongs to a campaign. */
export interface ArmySheetCampaignState {
  /** formation id → marks and rank */
  formations: Record<string, { marks: number; rank: string | null; veteranSixes: number; cryptidVeteran: boolean }>;
  cryptidDice: number;
  trophies: { name: string; status: 'banked' | 'used' }[];
}

export interface ArmySheetInput {
  roster: Roster;
  pack: RulesetPack;
  validation: RosterValidation;
  playerName: string;
  campaign: { name: string; mission: number | null } | null;
  allowanceSource: string;
  /** Print a marked draft (an invalid roster can only print this way). */
  draft: boolean;
  campaignState?: ArmySheetCampaignState | null;
}

interface Built {
  body: PdfBody;
  /** Whether any provisional value appears (the footer says so). */
  provisional: boolean;
}

/**
 * pdfmake wraps only at break opportunities, so one long unbroken word (a
 * 30-letter name) would push its table column past the page edge. A
 * zero-width space every 12 characters inside long words gives it places to
 * wrap; it is invisible and text extraction joins the pieces again.
 */
function wrapSafe(text: string): string {
  return text.replace(/\S{16,}/g, (word) => (word.match(/.{1,12}/gu) ?? [word]).join('\u200B'));
}

function wrapSafeRoster(r: Roster): Roster {
  return {
    ...r,
    name: wrapSafe(r.name),
    startingCity: wrapSafe(r.startingCity),
    captain: r.captain ? { ...r.captain, name: wrapSafe(r.captain.name) } : null,
    officers: r.officers.map((o) => ({ ...o, name: wrapSafe(o.name) })),
    formations: r.formations.map((f) => ({ ...f, name: wrapSafe(f.name), fighters: f.fighters.map((x) => ({ ...x, name: wrapSafe(x.name) })) })),
  };
}

/** What every section of one sheet reads: the input, the pack's units and equipment, and whether a provisional value printed. */
interface Sheet {
  input: ArmySheetInput;
  pack: RulesetPack;
  roster: Roster;
  validation: RosterValidation;
  units: Map<string, Unit>;
  equipment: Map<string, Equipment>;
  /** Whether any provisional value appears (the footer says so), set by `prov` as values print. */
  provisional: boolean;
  /** Whether the entity's field (or the entity) is provisional; remembered for the footer. */
  prov: (entity: { provisional?: string[] }, field?: string) => boolean;
}

function sheetOf(input: ArmySheetInput): Sheet {
  const { roster, pack, validation } = input;
  const sheet: Sheet = {
    input,
    pack,
    roster,
    validation,
    units: new Map(pack.units.map((u) => [u.id, u])),
    equipment: new Map(pack.equipment.map((e) => [e.id, e])),
    provisional: false,
    prov: (entity, field) => {
      const p = isProvisional(entity, field);
      if (p) sheet.provisional = true;
      return p;
    },
  };
  return sheet;
}

/** Every name the sheet prints, with places to wrap inside long words (wrapSafe). */
function wrapSafeInput(rawInput: ArmySheetInput): ArmySheetInput {
  return {
    ...rawInput,
    roster: wrapSafeRoster(rawInput.roster),
    playerName: wrapSafe(rawInput.playerName),
    campaign: rawInput.campaign ? { ...rawInput.campaign, name: wrapSafe(rawInput.campaign.name) } : null,
    campaignState: rawInput.campaignState
      ? { ...rawInput.campaignState, trophies: rawInput.campaignState.trophies.map((t) => ({ ...t, name: wrapSafe(t.name) })) }
      : rawInput.campaignState,
  };
}

export function buildArmySheet(rawInput: ArmySheetInput): Built {
  const sheet = sheetOf(wrapSafeInput(rawInput));
  const { roster, pack, input } = sheet;
  const faction = pack.factions.find((f) => f.id === roster.factionId);

  const content: PdfContent[] = [];
  const subtitleParts = [`Player: ${isolate(input.playerName)}`, faction?.name ?? roster.factionId];
  if (roster.startingCity) subtitleParts.push(`from ${roster.startingCity}`);
  content.push(...title(isolate(roster.name), subtitleParts.join(' · ')));
  if (input.draft) content.push(draftBanner(sheet.validation));
  content.push(summaryTable(sheet));

  const command = commandModelsOf(roster);
  content.push(...commandSection(sheet, command.models));
  // each formation; a profile and weapon table already printed for an identical formation is referred to, not repeated
  const tablesShownAt = new Map<string, string>();
  roster.formations.forEach((f, i) => content.push(formationBlock(sheet, f, i, command.postedHere, tablesShownAt)));
  content.push(...specialRulesSection(sheet, faction));
  content.push(...equipmentSection(sheet, command.models));
  // campaign state from the ledger
  if (input.campaignState) content.push(...campaignStateBlock(input.campaignState, roster));

  if (sheet.provisional) {
    content.push({
      text: `${PROVISIONAL_MARK} Provisional value: the rules documents give no figure; this is the ruleset pack's stand-in, to be replaced when the designer publishes one.`,
      style: 'small',
      margin: [0, 8, 0, 0],
    });
  }

  // its sections keep their headings (unbreakable formation blocks): no layout pass again for orphans, which a hundred-sheet batch pays for
  return { body: { content, keepHeadingsWithContent: false }, provisional: sheet.provisional };
}

/** Across the top of a draft: it is not a legal army sheet, and why. */
function draftBanner(validation: RosterValidation): PdfContent {
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: 'DRAFT: not a legal army sheet', bold: true, fontSize: 11 },
              ...(validation.violations.length
                ? [{ ul: validation.violations.map((v) => `${v.message} (${v.rule})`), fontSize: 8 }]
                : [{ text: 'Printed as a draft on request.', fontSize: 8 }]),
            ],
            fillColor: '#fdecea',
            margin: [4, 4, 4, 4],
          },
        ],
      ],
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 8],
  };
}

/** The summary: the game and campaign, the allowance and the points, the models. */
function summaryTable({ roster, input, validation }: Sheet): PdfContent {
  const modeLabel = roster.mode === 'campaign' ? 'Campaign' : roster.mode === 'crossover' ? 'Crossover game' : 'Standalone game';
  const where = input.campaign
    ? `${isolate(input.campaign.name)}${input.campaign.mission ? ` · Mission ${input.campaign.mission}` : ''}`
    : roster.mode === 'standalone'
      ? 'No campaign'
      : '—';
  return {
    table: {
      widths: ['auto', '*', 'auto', '*'],
      body: [
        [{ text: 'Game', bold: true }, modeLabel, { text: 'Campaign', bold: true }, where],
        [
          { text: 'Allowance', bold: true },
          `${validation.points.allowance} pts (${input.allowanceSource})`,
          { text: 'Points spent', bold: true },
          `${validation.points.spent} pts`,
        ],
        [{ text: 'Points left', bold: true }, `${validation.points.left} pts`, { text: 'Models', bold: true }, String(validation.models)],
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 6],
  };
}

/** A model of the command group as the sheet lists it: the Captain, then each Officer with where it is posted. */
interface CommandModel {
  label: string;
  unitId: string;
  loadoutId: string | null;
  equipment: string[];
  posting: string;
}

/** The command group's models, and the Officers posted to each formation (by formation id). */
function commandModelsOf(roster: Roster): { models: CommandModel[]; postedHere: Map<string, string[]> } {
  const officerHost = new Map<string, string>();
  const postedHere = new Map<string, string[]>();
  roster.officers.forEach((o, i) => {
    const who = o.name || `Officer ${i + 1}`;
    if (o.postedTo) {
      const host = roster.formations.find((f) => f.id === o.postedTo);
      officerHost.set(o.id, host ? host.name : 'an unknown formation');
      if (host) postedHere.set(host.id, [...(postedHere.get(host.id) ?? []), who]);
    }
  });
  const models: CommandModel[] = [];
  if (roster.captain)
    models.push({
      label: roster.captain.name || 'Captain',
      unitId: roster.captain.unitId,
      loadoutId: roster.captain.loadoutId,
      equipment: roster.captain.equipment,
      posting: 'Leads the command group',
    });
  roster.officers.forEach((o, i) =>
    models.push({
      label: o.name || `Officer ${i + 1}`,
      unitId: o.unitId,
      loadoutId: o.loadoutId,
      equipment: o.equipment,
      posting: officerHost.has(o.id) ? `Posted to ${officerHost.get(o.id)}` : 'With the Captain',
    }),
  );
  return { models, postedHere };
}

/** The command group: its models, their profiles and their weapons. */
function commandSection(sheet: Sheet, models: CommandModel[]): PdfContent[] {
  const { pack, units } = sheet;
  const content: PdfContent[] = [heading(`Command group · ${sheet.validation.breakdown.command} pts`, 1)];
  const rows: (string | PdfNode)[][] = [];
  const profiles: ProfileRow[] = [];
  const weapons = new Map<string, Weapon>();
  for (const m of models) {
    const unit = units.get(m.unitId);
    const eff = unit ? safeProfile(pack, unit, m.loadoutId) : undefined;
    rows.push([
      { text: m.label, bold: true },
      unit ? markIf(unit.name, false) : m.unitId,
      eff?.loadout?.name ?? 'Standard',
      equipmentCell(sheet, m.equipment),
      markIf(
        String((unit ? unit.cost + (eff?.loadout ? loadoutCost(pack, eff.loadout.id, eff.loadout.cost) : 0) : 0) + equipmentCost(sheet, m.equipment)),
        (unit ? sheet.prov(unit, 'cost') : false) || equipmentProvisional(sheet, m.equipment),
      ),
      m.posting,
    ]);
    if (unit && eff) {
      profiles.push({ name: `${m.label} (${unit.name})`, profile: eff.profile, provisional: eff.provisional });
      if (eff.provisional.length) sheet.provisional = true;
      eff.weapons.forEach((w) => weapons.set(w.id, w));
    }
  }
  if (rows.length) content.push(simpleTable(['Name', 'Unit', 'Loadout', 'Equipment', 'Pts', 'Posting'], rows, ['*', '*', 'auto', '*', 'auto', '*']));
  else content.push({ text: 'No Captain or Officers recruited yet.', italics: true });
  if (profiles.length) content.push(profileTable(profiles));
  if (weapons.size) content.push(weaponTable(sheet, [...weapons.values()]));
  return content;
}

/** The line under a formation's heading: Officers posted to it, where a Skirmisher patrol starts, its campaign record. */
function formationNotes(sheet: Sheet, f: Formation, postedHere: Map<string, string[]>): string[] {
  const notes: string[] = [];
  const officers = postedHere.get(f.id);
  if (officers?.length) notes.push(`Officer posted: ${officers.join(', ')}`);
  if (f.slot === 'skirmisher') notes.push(f.inReserve ? 'Starts in reserve (Uncloak from round two)' : 'Deploys on the table');
  const state = sheet.input.campaignState?.formations[f.id];
  if (state)
    notes.push(
      `Service marks ${state.marks}${state.rank ? ` · Rank ${state.rank}` : ''} · Veteran Sixes ${state.veteranSixes}${state.cryptidVeteran ? ' · Cryptid Veteran' : ''}`,
    );
  return notes;
}

/** One row per fighter: its number, name, loadout, equipment and cost. */
function fighterRows(sheet: Sheet, f: Formation, unit: Unit | undefined): (string | PdfNode)[][] {
  const { pack } = sheet;
  return f.fighters.map((x, j) => {
    const loadout = x.loadoutId && unit ? unit.loadouts.find((l) => l.id === x.loadoutId) : undefined;
    const cost = (unit ? unit.cost + (loadout ? loadoutCost(pack, loadout.id, loadout.cost) : 0) : 0) + equipmentCost(sheet, x.equipment);
    const costProvisional =
      (unit ? sheet.prov(unit, 'cost') || (loadout ? sheet.prov(loadout, 'cost') : false) : false) || equipmentProvisional(sheet, x.equipment);
    return [
      String(j + 1),
      x.name ? isolate(x.name) : `${unit?.name ?? 'Fighter'} ${j + 1}`,
      loadout?.name ?? 'Standard',
      equipmentCell(sheet, x.equipment),
      markIf(String(cost), costProvisional),
    ];
  });
}

/**
 * A formation's profile lines (one per distinct loadout) and weapons, or where they were printed already. Four Core
 * squads of one unit share their tables: print them with the first and point back to it. Repeating them cost a page of
 * paper on a maximal roster and most of the time spent laying the sheet out.
 */
function formationTables(
  sheet: Sheet,
  f: Formation,
  unit: Unit | undefined,
  shownAs: string,
  tablesShownAt: Map<string, string>,
): { profiles: ProfileRow[]; weapons: Map<string, Weapon>; sameAs: string | undefined } {
  const profiles: ProfileRow[] = [];
  const weapons = new Map<string, Weapon>();
  const tablesKey = `${f.unitId}|${[...new Set(f.fighters.map((x) => x.loadoutId ?? ''))].sort().join(',')}`;
  const sameAs = tablesShownAt.get(tablesKey);
  if (!unit) return { profiles, weapons, sameAs };
  if (sameAs) {
    // still note provisional values, which the footer reports
    for (const x of f.fighters) if (safeProfile(sheet.pack, unit, x.loadoutId)?.provisional.length) sheet.provisional = true;
    return { profiles, weapons, sameAs };
  }
  tablesShownAt.set(tablesKey, shownAs);
  const seen = new Set<string>();
  for (const x of f.fighters) {
    const key = x.loadoutId ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    const eff = safeProfile(sheet.pack, unit, x.loadoutId);
    if (!eff) continue;
    profiles.push({ name: eff.loadout ? `${unit.name} (${eff.loadout.name})` : unit.name, profile: eff.profile, provisional: eff.provisional });
    if (eff.provisional.length) sheet.provisional = true;
    eff.weapons.forEach((w) => weapons.set(w.id, w));
  }
  return { profiles, weapons, sameAs };
}

/** One formation, kept on one page: heading, notes, concerns, fighters, profiles and weapons. */
function formationBlock(sheet: Sheet, f: Formation, index: number, postedHere: Map<string, string[]>, tablesShownAt: Map<string, string>): PdfContent {
  const unit = sheet.units.get(f.unitId);
  const label = SLOT_LABEL[f.slot].one;
  const pts = sheet.validation.breakdown.formations[f.id] ?? 0;
  const concerns = sheet.validation.violations.filter((v) => v.formationId === f.id);
  const notes = formationNotes(sheet, f, postedHere);
  const rows = fighterRows(sheet, f, unit);
  const shownAs = namedAsSlot(label, f.name) ? isolate(f.name) : `${label} ${index + 1} (${isolate(f.name)})`;
  const { profiles, weapons, sameAs } = formationTables(sheet, f, unit, shownAs, tablesShownAt);
  const models = `${f.fighters.length} ${f.fighters.length === 1 ? 'model' : 'models'}`;
  return {
    // a formation (at most five fighters) always fits a page: keep its heading with its tables
    unbreakable: true,
    stack: [
      heading(`${formationTitle(label, index, f.name, isolate)} · ${unit?.name ?? f.unitId} · ${models} · ${pts} pts`, 2),
      ...(notes.length ? [{ text: notes.join(' · '), style: 'muted', margin: [0, 0, 0, 2] }] : []),
      ...(concerns.length ? [{ ul: concerns.map((v) => `${v.message} (${v.rule})`), color: '#b00020', fontSize: 8 }] : []),
      ...(rows.length ? [simpleTable(['#', 'Fighter', 'Loadout', 'Equipment', 'Pts'], rows, ['auto', '*', '*', '*', 'auto'])] : []),
      ...(profiles.length ? [profileTable(profiles)] : []),
      ...(weapons.size ? [weaponTable(sheet, [...weapons.values()])] : []),
      ...(sameAs ? [{ text: `Profile and weapons: as ${sameAs} above.`, style: 'muted' }] : []),
    ],
  };
}

/** The special rules this roster uses, in full, after the Captain's signature ability. */
function specialRulesSection(sheet: Sheet, faction: RulesetPack['factions'][number] | undefined): PdfContent[] {
  const { pack } = sheet;
  const ruleIds = rosterSpecialRuleIds(pack, sheet.roster);
  const ability = faction ? pack.captainAbilities.find((a) => a.id === faction.captainAbility) : undefined;
  if (!ruleIds.length && !ability) return [];
  const content: PdfContent[] = [heading('Special rules in this warband', 1)];
  if (ability) {
    content.push(
      ruleParagraph(`${ability.name} (Captain's signature ability, once per battle)`, `${ability.text} Lasts: ${ability.expiry}.`, sheet.prov(ability)),
    );
  }
  for (const id of ruleIds) {
    const rule = findRule(pack, id);
    if (rule) content.push(ruleParagraph(rule.name, rule.text, sheet.prov(rule)));
  }
  return content;
}

/** What each item of equipment carried does, in full, once. */
function equipmentSection(sheet: Sheet, commandModels: CommandModel[]): PdfContent[] {
  const carried = [
    ...new Set([...commandModels.flatMap((m) => m.equipment), ...sheet.roster.formations.flatMap((f) => f.fighters.flatMap((x) => x.equipment))]),
  ]
    .map((id) => sheet.equipment.get(id))
    .filter((e) => e !== undefined);
  if (!carried.length) return [];
  const content: PdfContent[] = [heading('Equipment carried', 1)];
  for (const e of carried) {
    const storm = e.radProtection ? ` Storm protection: the bearer takes the storm's Wound only if it fails a ${sheet.pack.storm.protectionRoll}+ roll.` : '';
    content.push(ruleParagraph(`${e.name} (${e.cost} pts)`, `${e.text}${storm}`, sheet.prov(e)));
  }
  return content;
}

/** Equipment names, each marked when it protects against the storm (DIGEST AMB-19f). */
function equipmentCell(sheet: Sheet, ids: readonly string[]): PdfNode {
  if (ids.length === 0) return { text: '—' };
  const parts: PdfNode[] = [];
  ids.forEach((id, k) => {
    const e = sheet.equipment.get(id);
    if (k > 0) parts.push({ text: ', ' });
    parts.push({ text: e?.name ?? id });
    if (e && sheet.prov(e)) parts.push({ text: PROVISIONAL_MARK, style: 'provisional' });
    if (e?.radProtection) parts.push({ text: ` (${STORM_NOTE})`, bold: true });
  });
  return { text: parts };
}

function equipmentCost(sheet: Sheet, ids: readonly string[]): number {
  return ids.reduce((n, id) => n + (sheet.equipment.get(id)?.cost ?? 0), 0);
}

function equipmentProvisional(sheet: Sheet, ids: readonly string[]): boolean {
  return ids.some((id) => {
    const e = sheet.equipment.get(id);
    return e ? sheet.prov(e, 'cost') : false;
  });
}

function weaponTable(sheet: Sheet, list: Weapon[]): PdfNode {
  const { pack, prov } = sheet;
  const rows = list.map((w) => [
    { text: w.name, bold: true },
    w.kind === 'ranged' ? 'Ranged' : 'Melee',
    markIf(w.kind === 'ranged' ? inches(w.range ?? 0) : w.reach !== undefined ? `reach ${inches(w.reach)}` : '—', prov(w, 'range') || prov(w, 'reach')),
    markIf(w.kind === 'ranged' ? String(w.attacks ?? 1) : 'A', prov(w, 'attacks')),
    markIf(`F${w.force}`, prov(w, 'force')),
    markIf(w.kind === 'ranged' ? String(w.damage ?? 1) : 'D', prov(w, 'damage')),
    [w.blast ? `Blast ${inches(w.blast)}` : '', ...w.specialRules.map((r) => findRule(pack, r)?.name ?? r)].filter(Boolean).join(', ') || '—',
  ]);
  return simpleTable(['Weapon', 'Type', 'Range', 'Att', 'Force', 'Dmg', 'Rules'], rows, ['*', 'auto', 'auto', 'auto', 'auto', 'auto', '*']);
}

function loadoutCost(pack: RulesetPack, loadoutId: string, own: number): number {
  // the pack's sniper cost (+14) wins over the loadout's own field, as in lookup.modelCost
  return loadoutId === pack.sniper.unitLoadoutId ? pack.sniper.cost : own;
}

function safeProfile(pack: RulesetPack, unit: Unit, loadoutId: string | null): EffectiveProfile | undefined {
  try {
    return effectiveProfile(pack, unit, loadoutId ?? undefined);
  } catch {
    return undefined; // an unknown loadout is reported by the validator; print the rest
  }
}

const namedAsSlot = (slotLabel: string, name: string) => name.trim().toLowerCase().startsWith(slotLabel.toLowerCase());

/**
 * A formation's heading: "Elite squad 1" when its name already says what it
 * is, "Elite squad 2: The Ash Wardens" otherwise; never a list position beside
 * a name that carries another number ("Elite squad 3: Elite squad 1").
 */
export function formationTitle(slotLabel: string, index: number, name: string, shown: (name: string) => string = (n) => n): string {
  return namedAsSlot(slotLabel, name) ? shown(name) : `${slotLabel} ${index + 1}: ${shown(name)}`;
}

/** The ids the ledger keeps the command group's record under: the Captain's id, and "command" in a campaign file exported before migration 0011 merged the two. */
const COMMAND_RECORD_IDS = (roster: Roster) => [...(roster.captain ? [roster.captain.id] : []), 'command'];

function campaignStateBlock(state: ArmySheetCampaignState, roster: Roster): PdfContent[] {
  const row = (name: string, s: ArmySheetCampaignState['formations'][string]) => [
    name,
    String(s.marks),
    s.rank ?? '—',
    String(s.veteranSixes),
    s.cryptidVeteran ? 'Yes' : '—',
  ];
  const command = COMMAND_RECORD_IDS(roster).flatMap((id) => (state.formations[id] ? [row('Command group', state.formations[id])] : []));
  const rows = [...command, ...roster.formations.filter((f) => state.formations[f.id]).map((f) => row(isolate(f.name), state.formations[f.id]!))];
  const out: PdfContent[] = [heading('Campaign record', 1)];
  if (rows.length)
    out.push(simpleTable(['Formation', 'Service marks', 'Rank', 'Veteran Sixes', 'Cryptid Veteran'], rows, ['*', 'auto', 'auto', 'auto', 'auto']));
  out.push({ text: `Cryptid Dice held: ${state.cryptidDice}`, margin: [0, 2, 0, 2] });
  out.push({
    text: state.trophies.length ? `Trophies: ${state.trophies.map((t) => `${t.name} (${t.status})`).join(', ')}` : 'Trophies: none',
  });
  return out;
}

import type { Roster, Formation } from '../src-shared/roster/schema';
import type { RosterValidation } from '../src-shared/roster/validate';
import { SLOT_LABEL } from '../src-shared/roster/validate';
import { isProvisional, type RulesetPack, type Unit, type Weapon } from '../src-shared/ruleset/schema';
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

export function buildArmySheet(rawInput: ArmySheetInput): Built {
  const input: ArmySheetInput = {
    ...rawInput,
    roster: wrapSafeRoster(rawInput.roster),
    playerName: wrapSafe(rawInput.playerName),
    campaign: rawInput.campaign ? { ...rawInput.campaign, name: wrapSafe(rawInput.campaign.name) } : null,
    campaignState: rawInput.campaignState
      ? { ...rawInput.campaignState, trophies: rawInput.campaignState.trophies.map((t) => ({ ...t, name: wrapSafe(t.name) })) }
      : rawInput.campaignState,
  };
  const { roster, pack, validation } = input;
  const units = new Map(pack.units.map((u) => [u.id, u]));
  const equipment = new Map(pack.equipment.map((e) => [e.id, e]));
  const faction = pack.factions.find((f) => f.id === roster.factionId);
  let provisional = false;
  const prov = (entity: { provisional?: string[] }, field?: string) => {
    const p = isProvisional(entity, field);
    if (p) provisional = true;
    return p;
  };

  const content: PdfContent[] = [];
  const subtitleParts = [`Player: ${isolate(input.playerName)}`, faction?.name ?? roster.factionId];
  if (roster.startingCity) subtitleParts.push(`from ${roster.startingCity}`);
  content.push(...title(isolate(roster.name), subtitleParts.join(' · ')));

  if (input.draft) {
    content.push({
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
    });
  }

  // summary: campaign and mission, allowance and points
  const modeLabel = roster.mode === 'campaign' ? 'Campaign' : roster.mode === 'crossover' ? 'Crossover game' : 'Standalone game';
  const where = input.campaign
    ? `${isolate(input.campaign.name)}${input.campaign.mission ? ` · Mission ${input.campaign.mission}` : ''}`
    : roster.mode === 'standalone'
      ? 'No campaign'
      : '—';
  content.push({
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
  });

  // the command group
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
  content.push(heading(`Command group · ${validation.breakdown.command} pts`, 1));
  const commandRows: (string | PdfNode)[][] = [];
  const commandModels: { label: string; unitId: string; loadoutId: string | null; equipment: string[]; posting: string }[] = [];
  if (roster.captain)
    commandModels.push({
      label: roster.captain.name || 'Captain',
      unitId: roster.captain.unitId,
      loadoutId: roster.captain.loadoutId,
      equipment: roster.captain.equipment,
      posting: 'Leads the command group',
    });
  roster.officers.forEach((o, i) =>
    commandModels.push({
      label: o.name || `Officer ${i + 1}`,
      unitId: o.unitId,
      loadoutId: o.loadoutId,
      equipment: o.equipment,
      posting: officerHost.has(o.id) ? `Posted to ${officerHost.get(o.id)}` : 'With the Captain',
    }),
  );
  const commandProfiles: ProfileRow[] = [];
  const commandWeapons = new Map<string, Weapon>();
  for (const m of commandModels) {
    const unit = units.get(m.unitId);
    const eff = unit ? safeProfile(pack, unit, m.loadoutId) : undefined;
    commandRows.push([
      { text: m.label, bold: true },
      unit ? markIf(unit.name, false) : m.unitId,
      eff?.loadout?.name ?? 'Standard',
      equipmentCell(m.equipment),
      markIf(
        String((unit ? unit.cost + (eff?.loadout ? loadoutCost(pack, eff.loadout.id, eff.loadout.cost) : 0) : 0) + equipmentCost(m.equipment)),
        (unit ? prov(unit, 'cost') : false) || equipmentProvisional(m.equipment),
      ),
      m.posting,
    ]);
    if (unit && eff) {
      commandProfiles.push({ name: `${m.label} (${unit.name})`, profile: eff.profile, provisional: eff.provisional });
      if (eff.provisional.length) provisional = true;
      eff.weapons.forEach((w) => commandWeapons.set(w.id, w));
    }
  }
  if (commandRows.length)
    content.push(simpleTable(['Name', 'Unit', 'Loadout', 'Equipment', 'Pts', 'Posting'], commandRows, ['*', '*', 'auto', '*', 'auto', '*']));
  else content.push({ text: 'No Captain or Officers recruited yet.', italics: true });
  if (commandProfiles.length) content.push(profileTable(commandProfiles));
  if (commandWeapons.size) content.push(weaponTable([...commandWeapons.values()]));

  // each formation; a profile and weapon table already printed for an identical formation is referred to, not repeated
  const tablesShownAt = new Map<string, string>();
  roster.formations.forEach((f, i) => content.push(formationBlock(f, i)));

  // the special rules this roster uses, in full
  const ruleIds = rosterSpecialRuleIds(pack, roster);
  const ability = faction ? pack.captainAbilities.find((a) => a.id === faction.captainAbility) : undefined;
  if (ruleIds.length || ability) {
    content.push(heading('Special rules in this warband', 1));
    if (ability) {
      content.push(ruleParagraph(`${ability.name} (Captain's signature ability, once per battle)`, `${ability.text} Lasts: ${ability.expiry}.`, prov(ability)));
    }
    for (const id of ruleIds) {
      const rule = findRule(pack, id);
      if (rule) content.push(ruleParagraph(rule.name, rule.text, prov(rule)));
    }
  }

  // what each item of equipment carried does, in full, once
  const carried = [...new Set([...commandModels.flatMap((m) => m.equipment), ...roster.formations.flatMap((f) => f.fighters.flatMap((x) => x.equipment))])]
    .map((id) => equipment.get(id))
    .filter((e) => e !== undefined);
  if (carried.length) {
    content.push(heading('Equipment carried', 1));
    for (const e of carried) {
      const storm = e.radProtection ? ` Storm protection: the bearer takes the storm's Wound only if it fails a ${pack.storm.protectionRoll}+ roll.` : '';
      content.push(ruleParagraph(`${e.name} (${e.cost} pts)`, `${e.text}${storm}`, prov(e)));
    }
  }

  // campaign state from the ledger
  if (input.campaignState) content.push(...campaignStateBlock(input.campaignState, roster));

  if (provisional) {
    content.push({
      text: `${PROVISIONAL_MARK} Provisional value: the rules documents give no figure; this is the ruleset pack's stand-in, to be replaced when the designer publishes one.`,
      style: 'small',
      margin: [0, 8, 0, 0],
    });
  }

  // its sections keep their headings (unbreakable formation blocks): no layout pass again for orphans, which a hundred-sheet batch pays for
  return { body: { content, keepHeadingsWithContent: false }, provisional };

  function formationBlock(f: Formation, index: number): PdfContent {
    const unit = units.get(f.unitId);
    const label = SLOT_LABEL[f.slot].one;
    const pts = validation.breakdown.formations[f.id] ?? 0;
    const concerns = validation.violations.filter((v) => v.formationId === f.id);
    const notes: string[] = [];
    const officers = postedHere.get(f.id);
    if (officers?.length) notes.push(`Officer posted: ${officers.join(', ')}`);
    if (f.slot === 'skirmisher') notes.push(f.inReserve ? 'Starts in reserve (Uncloak from round two)' : 'Deploys on the table');
    const state = input.campaignState?.formations[f.id];
    if (state)
      notes.push(
        `Service marks ${state.marks}${state.rank ? ` · Rank ${state.rank}` : ''} · Veteran Sixes ${state.veteranSixes}${state.cryptidVeteran ? ' · Cryptid Veteran' : ''}`,
      );

    const fighterRows = f.fighters.map((x, j) => {
      const loadout = x.loadoutId && unit ? unit.loadouts.find((l) => l.id === x.loadoutId) : undefined;
      const cost = (unit ? unit.cost + (loadout ? loadoutCost(pack, loadout.id, loadout.cost) : 0) : 0) + equipmentCost(x.equipment);
      const costProvisional = (unit ? prov(unit, 'cost') || (loadout ? prov(loadout, 'cost') : false) : false) || equipmentProvisional(x.equipment);
      return [
        String(j + 1),
        x.name ? isolate(x.name) : `${unit?.name ?? 'Fighter'} ${j + 1}`,
        loadout?.name ?? 'Standard',
        equipmentCell(x.equipment),
        markIf(String(cost), costProvisional),
      ];
    });

    // one profile line per distinct loadout in the formation
    const seen = new Set<string>();
    const profiles: ProfileRow[] = [];
    const weapons = new Map<string, Weapon>();
    // Four Core squads of one unit share their tables: print them with the
    // first and point back to it. Repeating them cost a page of paper on a
    // maximal roster and most of the time spent laying the sheet out.
    const tablesKey = `${f.unitId}|${[...new Set(f.fighters.map((x) => x.loadoutId ?? ''))].sort().join(',')}`;
    const sameAs = tablesShownAt.get(tablesKey);
    if (unit && sameAs) {
      // still note provisional values, which the footer reports
      for (const x of f.fighters) if (safeProfile(pack, unit, x.loadoutId)?.provisional.length) provisional = true;
    } else if (unit) {
      tablesShownAt.set(tablesKey, namedAsSlot(label, f.name) ? isolate(f.name) : `${label} ${index + 1} (${isolate(f.name)})`);
      for (const x of f.fighters) {
        const key = x.loadoutId ?? '';
        if (seen.has(key)) continue;
        seen.add(key);
        const eff = safeProfile(pack, unit, x.loadoutId);
        if (!eff) continue;
        profiles.push({ name: eff.loadout ? `${unit.name} (${eff.loadout.name})` : unit.name, profile: eff.profile, provisional: eff.provisional });
        if (eff.provisional.length) provisional = true;
        eff.weapons.forEach((w) => weapons.set(w.id, w));
      }
    }

    return {
      // a formation (at most five fighters) always fits a page: keep its heading with its tables
      unbreakable: true,
      stack: [
        heading(
          `${formationTitle(label, index, f.name, isolate)} · ${unit?.name ?? f.unitId} · ${f.fighters.length} ${f.fighters.length === 1 ? 'model' : 'models'} · ${pts} pts`,
          2,
        ),
        ...(notes.length ? [{ text: notes.join(' · '), style: 'muted', margin: [0, 0, 0, 2] }] : []),
        ...(concerns.length ? [{ ul: concerns.map((v) => `${v.message} (${v.rule})`), color: '#b00020', fontSize: 8 }] : []),
        ...(fighterRows.length ? [simpleTable(['#', 'Fighter', 'Loadout', 'Equipment', 'Pts'], fighterRows, ['auto', '*', '*', '*', 'auto'])] : []),
        ...(profiles.length ? [profileTable(profiles)] : []),
        ...(weapons.size ? [weaponTable([...weapons.values()])] : []),
        ...(sameAs ? [{ text: `Profile and weapons: as ${sameAs} above.`, style: 'muted' }] : []),
      ],
    };
  }

  /** Equipment names, each marked when it protects against the storm (DIGEST AMB-19f). */
  function equipmentCell(ids: readonly string[]): PdfNode {
    if (ids.length === 0) return { text: '—' };
    const parts: PdfNode[] = [];
    ids.forEach((id, k) => {
      const e = equipment.get(id);
      if (k > 0) parts.push({ text: ', ' });
      parts.push({ text: e?.name ?? id });
      if (e && prov(e)) parts.push({ text: PROVISIONAL_MARK, style: 'provisional' });
      if (e?.radProtection) parts.push({ text: ` (${STORM_NOTE})`, bold: true });
    });
    return { text: parts };
  }

  function equipmentCost(ids: readonly string[]): number {
    return ids.reduce((n, id) => n + (equipment.get(id)?.cost ?? 0), 0);
  }

  function equipmentProvisional(ids: readonly string[]): boolean {
    return ids.some((id) => {
      const e = equipment.get(id);
      return e ? prov(e, 'cost') : false;
    });
  }

  function weaponTable(list: Weapon[]): PdfNode {
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

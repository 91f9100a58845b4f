import type { RulesetPack } from '../src-shared/ruleset/schema';
import { isProvisional } from '../src-shared/ruleset/pack-facts';
import type { RuleOptions } from '../src-shared/ruleset/options';
import type { PdfBody, PdfContent, PdfNode } from './pdf/types';
import { dieTarget, heading, markIf, PROVISIONAL_MARK, ruleParagraph, simpleTable, title } from './pdf/pieces';

/**
 * The Field Manual crib sheet (issue 7): the whole turn on two pages, read
 * from the pinned pack and its rule options so it follows the campaign's own
 * edits. The wording is ours; the numbers are the pack's.
 */

/** Highest remaining Wounds at which a cryptid is Enraged, under the pack's option (DIGEST 13.11, AMB-05). */
export function enragedAtOrBelow(startingWounds: number, option: RuleOptions['enragedThreshold']): number {
  return option === 'half-rounded-up' ? Math.ceil(startingWounds / 2) : Math.floor(startingWounds / 2);
}

/** The parts of a roster the crib sheet needs to find the special rules it uses (structural, so any roster shape fits). */
export interface CribRoster {
  name: string;
  captain: { unitId: string; loadoutId: string | null } | null;
  officers: { unitId: string; loadoutId: string | null }[];
  formations: { unitId: string; fighters: { loadoutId: string | null }[] }[];
}

/** Special-rule ids a roster uses: its units', their weapons' and the loadouts' its fighters take. */
export function rosterSpecialRuleIds(pack: RulesetPack, roster: CribRoster): string[] {
  const units = new Map(pack.units.map((u) => [u.id, u]));
  const weapons = new Map(pack.weapons.map((w) => [w.id, w]));
  const out = new Set<string>();
  const addModel = (unitId: string, loadoutId: string | null) => {
    const unit = units.get(unitId);
    if (!unit) return;
    unit.specialRules.forEach((r) => out.add(r));
    const loadout = loadoutId ? unit.loadouts.find((l) => l.id === loadoutId) : undefined;
    loadout?.specialRules.forEach((r) => out.add(r));
    for (const w of loadout?.weapons ?? unit.weapons) weapons.get(w)?.specialRules.forEach((r) => out.add(r));
  };
  if (roster.captain) addModel(roster.captain.unitId, roster.captain.loadoutId);
  roster.officers.forEach((o) => addModel(o.unitId, o.loadoutId));
  roster.formations.forEach((f) => (f.fighters.length ? f.fighters : [{ loadoutId: null }]).forEach((x) => addModel(f.unitId, x.loadoutId)));
  return [...out];
}

export interface CribSheetInput {
  pack: RulesetPack;
  /** Optional third page: the special rules these rosters use. */
  rosters?: CribRoster[];
}

export interface BuiltDocument {
  body: PdfBody;
  title: string;
  /** True when any provisional value appears in the document. */
  provisional: boolean;
}

/** A drawn tick box (Roboto has no ballot-box glyph). */
function checkbox(text: string): PdfNode {
  return {
    columns: [
      { width: 10, canvas: [{ type: 'rect', x: 0, y: 1.5, w: 6, h: 6, lineWidth: 0.6 }] },
      { width: '*', text },
    ],
    margin: [0, 0, 0, 1],
  };
}

const band = (min: number, max: number) => (min === max ? `${min}` : `${min}–${max}`);

/** "Age of Ash 2.4", never "Age of Ash 2.4 2.4": the rules version only when the pack's name does not carry it. */
function packTitle(pack: Pick<RulesetPack, 'meta'>): string {
  const { name, rulesVersion } = pack.meta;
  return name.includes(rulesVersion) ? name : `${name} ${rulesVersion}`;
}

/** Whether a value is provisional; a tracker remembers whether any printed, for the note under the title. */
type Prov = (e: { provisional?: string[] }, field?: string) => boolean;

function provisionalTracker(): { prov: Prov; any: () => boolean } {
  let provisional = false;
  return {
    prov: (e, field) => {
      const p = isProvisional(e, field);
      provisional ||= p;
      return p;
    },
    any: () => provisional,
  };
}

export function buildCribSheet({ pack, rosters = [] }: CribSheetInput): BuiltDocument {
  const { prov, any } = provisionalTracker();
  const left = [...roundSection(pack), ...commandSection(pack, prov)];
  const right = [
    ...ruleOfCoolSection(pack),
    ...eventAndCryptidSection(pack),
    ...stormAndVeteranSection(pack),
    ...explosionsAndDiceSection(pack),
    ...victoryAndRewardsSection(pack, prov),
    ...bringToTheTable(pack),
  ];
  const content: PdfContent[] = [
    ...title('Field Manual crib sheet', `${packTitle(pack)} · data ${pack.meta.dataVersion}`),
    {
      columns: [
        { width: '*', stack: left },
        { width: '*', stack: right },
      ],
      columnGap: 14,
    },
  ];
  if (rosters.length) content.push(...specialRulesPage(pack, rosters, prov));

  // explained under the title, so the note never pushes the sheet onto another page
  if (any())
    content.splice(2, 0, {
      text: `${PROVISIONAL_MARK} marks a provisional value: not yet in the designer's documents.`,
      style: 'small',
      margin: [0, -6, 0, 4],
    });

  return {
    title: 'Field Manual crib sheet',
    provisional: any(),
    body: { content, defaultStyle: { fontSize: 8.5 }, styles: { h2: { fontSize: 9.5, bold: true, margin: [0, 5, 0, 2] } }, pageMargins: [28, 28, 28, 40] },
  };
}

/** The round's steps and the attack sequence. */
function roundSection(pack: RulesetPack): PdfContent[] {
  const ev = pack.environmentEvent;
  return [
    heading('Each round', 2),
    {
      ol: [
        'Command Phase: Captain abilities are declared first (roll off if both), then up to two orders each, to two different formations in the command network (12" links).',
        `Round ${ev.round} only: the environmental event (below), once per battle.`,
        'Cryptid acts (if one is on the table) before anyone draws.',
        'Fill the bag: one token per formation on the table or able to Uncloak (the Captain and unattached Officers share one), one neutral token per mutant patrol.',
        'Draw a token; its owner activates an unactivated formation of that colour: move then shoot, or charge then fight. Nobody activates twice.',
        'End of round: storm exposure, then objectives score (from round 2), then effects expire.',
      ],
      margin: [0, 0, 0, 3],
    },
    { text: 'One Field Gambit per player per round. A battle lasts five rounds.', style: 'small' },

    heading('Attacks: Hit, Wound, Save, Damage', 2),
    simpleTable(
      ['Force vs Toughness', 'Wounds on'],
      [
        ['Force higher', '3+'],
        ['Force equal', '4+'],
        ['Force lower', '5+'],
      ],
      ['*', 'auto'],
    ),
    {
      ul: [
        'Natural 1 always fails and is never rerolled.',
        'Natural 6 to Hit always hits and adds +1 Damage if it wounds and the Save fails; other natural 6s just succeed.',
        'Add all Hit modifiers, then the target is never better than 2+.',
        'Damage: base, add bonuses, subtract reductions, never below 0.',
        'Firing into a melee with your own fighters: every miss hits a random friendly fighter there.',
        'A destroyed Heavy explodes: see Heavy explosions.',
      ],
      style: 'small',
      margin: [0, 0, 0, 3],
    },
  ];
}

/** Orders, Field Gambits and Captain abilities, in the pack's words. */
function commandSection(pack: RulesetPack, prov: Prov): PdfContent[] {
  return [
    heading('Orders', 2),
    ...pack.orders.map((o) => ruleParagraph(o.name, o.text, prov(o))),

    heading('Field Gambits (one per round)', 2),
    ...pack.gambits.map((g) => ruleParagraph(`${g.name}${g.defensive ? ' (defensive)' : ''}`, g.text, prov(g))),

    heading('Captain abilities (once per battle)', 2),
    ...pack.captainAbilities.map((a) => {
      const faction = pack.factions.find((f) => f.id === a.factionId)?.name ?? a.factionId;
      return ruleParagraph(`${a.name} — ${faction}`, `${a.text} Lasts: ${a.expiry}.`, prov(a));
    }),
    ruleParagraph(
      'When the Captain falls',
      'Once the Captain is dead or has retreated, that side gives no more orders (every order is measured from the Captain). An ability already declared runs to its end.',
    ),
  ];
}

/** Victory points by mission, mutant patrols and Uncloak. */
function victoryAndRewardsSection(pack: RulesetPack, prov: Prov): PdfContent[] {
  const cr = pack.cryptidRules;
  const rw = pack.economy.rewards;
  return [
    heading('Victory points', 2),
    simpleTable(
      ['Mission', 'Objectives', 'Relic', 'Secondary'],
      pack.missions.map((m) => [
        `${m.number}. ${m.name}`,
        { ...markIf(m.objectives, prov(m, 'objectives')), alignment: 'center' },
        { ...markIf(m.relicVp, prov(m, 'relicVp')), alignment: 'center' },
        { ...markIf(m.secondaryVp, prov(m, 'secondaryVp')), alignment: 'center' },
      ]),
      ['*', 'auto', 'auto', 'auto'],
    ),
    {
      ul: [
        'A cleared, uncontested objective scores 1 VP at the end of rounds 2 to 5 (none in round 1).',
        'Relic: VP for extracting it, as the table gives. Secondary: only when both players agreed it at set-up.',
        `Cryptid Hunt: 1 VP for every full ${cr.woundsPerHuntVp} Wounds dealt to the cryptid.`,
      ],
      style: 'small',
      margin: [0, 0, 0, 3],
    },
    heading('Mutant patrols', 2),
    {
      ul: [
        'Each objective is guarded by a neutral patrol of 3 mutants, hostile to everyone, that activates as one group; when two die, the third flees.',
        `Campaign reward: ${rw.perMutant} RP per mutant killed, for at most ${rw.mutantCap} kills (Missions ${pack.economy.rewardMissions.join(', ')}).`,
      ],
      style: 'small',
    },
    heading('Uncloak (Skirmisher patrols in reserve)', 2),
    {
      text: 'A 3-model patrol may start in reserve. From round two, when its token is drawn, place the whole patrol at least 3" from enemies, mutants, cryptids and objectives; that is its move. It may shoot, but may not move again, charge or score that round.',
      style: 'small',
    },
  ];
}

/** Heavy explosions, Cryptid Dice and trophies, under the campaign's rulings. */
function explosionsAndDiceSection(pack: RulesetPack): PdfContent[] {
  const { cryptidRules: cr, options } = pack;
  return [
    heading('Heavy explosions', 2),
    {
      ul: [
        `A Heavy destroyed by anything explodes: roll a D3 for every model within 3" (friend, foe, mutant or cryptid); it takes that many Wounds${options.explosionSaves === 'automatic' ? ', no save' : ', saves allowed'}.`,
        'A Heavy destroyed by the explosion explodes in turn; each Heavy explodes once.',
        options.explosionCredit === 'credited'
          ? 'Wounds it deals a cryptid count for the exploding Heavy’s formation.'
          : 'Wounds it deals a cryptid count for no one.',
      ],
      style: 'small',
    },
    heading('Cryptid Dice and trophies', 2),
    {
      ul: [
        `Each full ${cr.woundsPerCryptidDie} Wounds one squad deals a cryptid earns that squad one Cryptid Die, never pooled across squads.`,
        `Spend it in a later campaign battle to reroll one failed Hit, Wound or Save against a cryptid (never a natural 1)${options.cryptidDieUse === 'earning-formation' ? ', by the squad that earned it' : ', by any formation of its owner'}.`,
        'A fallen cryptid leaves its trophy at a marker: a fighter ending its move touching it claims it. Use it once in that battle, or bank it for the campaign.',
      ],
      style: 'small',
    },
  ];
}

/** The Rule of Cool's bands and stunts. */
function ruleOfCoolSection(pack: RulesetPack): PdfContent[] {
  const roc = pack.ruleOfCool;
  return [
    heading(`Rule of Cool (D${roc.die}, once per player)`, 2),
    simpleTable(
      [`D${roc.die}`, 'Damage bonus'],
      [['1', `fails: ${roc.criticalFailureWounds} Wounds to the one trying it`], ...roc.damageBands.map((b) => [band(b.min, b.max), `+${b.bonus}`])],
      ['auto', '*'],
    ),
    {
      text: `Other dramatic stunts succeed on ${roc.dramaticSuccess}+, exceptional command feats on ${roc.exceptionalSuccess}+. Movement stunt: ${roc.movementBonus}.`,
      style: 'small',
    },
  ];
}

/** The round's event, and the cryptid's behaviour, Enraged and entry. */
function eventAndCryptidSection(pack: RulesetPack): PdfContent[] {
  const { cryptidRules: cr, environmentEvent: ev, options } = pack;
  const enragedStd = enragedAtOrBelow(cr.standardWounds, options.enragedThreshold);
  const enragedBoss = enragedAtOrBelow(cr.bossWounds, options.enragedThreshold);
  return [
    heading(`Round ${ev.round} event (D${ev.die})`, 2),
    simpleTable(
      ['Roll', 'Event'],
      [
        [band(ev.cryptid.min, ev.cryptid.max), 'A cryptid appears'],
        [band(ev.storm.min, ev.storm.max), 'A radiation storm appears'],
      ],
      ['auto', '*'],
    ),
    ...pack.missions
      .filter((m) => m.guaranteedCryptid)
      .map((m) => ({ text: `Mission ${m.number} (${m.name}): a cryptid always appears instead of the roll.`, style: 'small' })),

    heading('Cryptids', 2),
    {
      text: 'Pick the creature from the province table (D6: 1–2 first, 3–4 second, 5–6 third). Each round it is not in melee, both players roll a D6 and the lower is hunted (reroll ties); then roll its behaviour. In melee it just attacks first.',
      style: 'small',
    },
    simpleTable(
      ['D6', 'Behaviour', 'Move', 'Goes for'],
      cr.behaviour.map((b) => [{ text: band(b.min, b.max), noWrap: true }, b.name, { text: b.move, noWrap: true }, b.text]),
      ['auto', 'auto', 'auto', '*'],
    ),
    {
      text: [
        { text: 'Enraged: ', bold: true },
        `+${cr.enragedExtraAttacks} melee Attack at ${enragedStd} Wounds or fewer left (of ${cr.standardWounds}); a boss at ${enragedBoss} or fewer (of ${cr.bossWounds}). `,
        { text: `Option: ${options.enragedThreshold === 'half-or-below' ? 'half or below' : 'half rounded up'}.`, italics: true },
      ],
      margin: [0, 2, 0, 2],
    },
    simpleTable(
      ['D6', 'It enters'],
      cr.entry.map((e) => [{ text: band(e.min, e.max), noWrap: true }, e.name]),
      ['auto', '*'],
    ),
    {
      text: "Record every squad's actual Wounds on it (Cryptid Dice and trophies below).",
      style: 'small',
    },
  ];
}

/** The radiation storm, retreat, ranks and Veteran Sixes. */
function stormAndVeteranSection(pack: RulesetPack): PdfContent[] {
  const storm = pack.storm;
  return [
    heading('Radiation storm', 2),
    {
      ul: [
        `A ${storm.templateDiameter}" template at the centre, scattering D${storm.scatterDie}" on arrival and each later round.`,
        `End of round: ${storm.endOfRoundWounds} Wound to every model inside (${dieTarget(storm.protectionRoll)} to avoid with protective kit).`,
        `Shots through it ${storm.hitModifier} to Hit; ranged Damage from outside into it −${storm.damageReductionFromOutside} (min 0).`,
        `Entering or crossing it costs ${storm.moveCost}" of Movement, once per move.`,
      ],
      style: 'small',
    },

    heading('Retreat and Veteran Sixes', 2),
    {
      ul: [
        'A squad’s last fighter may withdraw: normal move, then double move off its own deployment edge.',
        'A formation with a survivor at the end (retreated ones count) earns a service mark.',
        ...pack.economy.ranks.map(
          (r) => `${r.marks}+ marks: Rank ${r.rank}, ${r.veteranSixes} Veteran Six${r.veteranSixes === 1 ? '' : 'es'} per later battle.`,
        ),
        'Before rolling a Hit, Wound or Save pool, swap one die for a 6 (one per activation); to Hit it counts as a critical.',
      ],
      style: 'small',
    },
  ];
}

/** What to bring to the table, as boxes to tick. */
function bringToTheTable(pack: RulesetPack): PdfContent[] {
  const storm = pack.storm;
  return [
    heading('Bring to the table', 2),
    {
      ul: [
        'D6s, D20s and a scatter die',
        `A ${storm.templateDiameter}" storm template, two tape measures`,
        'Coloured formation tokens and an opaque bag',
        `${pack.scenarioSizes[0]?.objectives ?? 3} objective markers and ${pack.scenarioSizes[0]?.mutants ?? 9} mutants`,
        'The cryptid’s stat card and a trophy marker',
        'Both army sheets',
      ].map(checkbox),
      type: 'none',
      style: 'small',
    },
  ];
}

/** A page of the special rules the rosters use, each naming the rosters that use it. */
function specialRulesPage(pack: RulesetPack, rosters: CribRoster[], prov: Prov): PdfNode[] {
  const rulesById = new Map(pack.specialRules.map((r) => [r.id, r]));
  const page: PdfNode[] = [heading('Special rules on the table', 1, { pageBreak: 'before' })];
  const used = new Map<string, string[]>();
  for (const r of rosters) for (const id of rosterSpecialRuleIds(pack, r)) used.set(id, [...(used.get(id) ?? []), r.name]);
  const ids = [...used.keys()].filter((id) => rulesById.has(id)).sort((a, b) => rulesById.get(a)!.name.localeCompare(rulesById.get(b)!.name));
  if (!ids.length) page.push({ text: 'These rosters use no special rules.', italics: true });
  for (const id of ids) {
    const rule = rulesById.get(id)!;
    page.push(ruleParagraph(rule.name, `${rule.text} (${used.get(id)!.join(', ')})`, prov(rule)));
  }
  return page;
}

// markIf is re-exported for templates that want to mark a single value

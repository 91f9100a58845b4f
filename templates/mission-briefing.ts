import type { RulesetPack } from '../src-shared/ruleset/schema';
import { isProvisional } from '../src-shared/ruleset/pack-facts';
import type { PdfContent } from './pdf/types';
import { dieTarget, heading, inches, markIf, PROVISIONAL_MARK, simpleTable, title } from './pdf/pieces';
import { enragedAtOrBelow, type BuiltDocument } from './crib-sheet';
import { missionVariantsOf, withVariant } from '../src-shared/battle/mission';

/**
 * Mission briefing (issue 7, point 3): what the two players read before a
 * campaign mission — scenario, objectives and mutant patrols, deployment, the
 * round-two event (Mission 3's guaranteed cryptid), the province's cryptid
 * table and the rewards at stake. All from the pinned pack.
 */
export interface MissionBriefingInput {
  pack: RulesetPack;
  mission: number;
  /** The battlefield province; defaults to the pack's first. */
  provinceId?: string;
  /** The province's variant of the mission (battle/mission.ts); the mission as written when absent. */
  variantId?: string;
}

type Mission = ReturnType<typeof withVariant>;
type Province = RulesetPack['provinces'][number];
type Cryptid = RulesetPack['cryptids'][number];

/** The mission as the battle plays it (the province's variant where one is asked), and the province; refuses a mission or variant the pack lacks. */
function briefedMission({ pack, mission: number, provinceId, variantId }: MissionBriefingInput) {
  const written = pack.missions.find((m) => m.number === number);
  if (!written) throw new RangeError(`The pack has no mission ${number}.`);
  const province = pack.provinces.find((p) => p.id === provinceId) ?? pack.provinces[0];
  const variant = variantId === undefined ? undefined : missionVariantsOf(pack, province?.id ?? null, number).find((v) => v.id === variantId);
  if (variantId !== undefined && !variant) throw new RangeError(`${province?.name ?? 'The province'} has no variant "${variantId}" of mission ${number}.`);
  return { mission: withVariant(written, variant), province, variant };
}

function briefingTitle(pack: RulesetPack, mission: Mission, province: Province | undefined, variant: ReturnType<typeof missionVariantsOf>[number] | undefined) {
  const kind = { standard: 'Standard mission', 'cryptid-hunt': 'Cryptid Hunt', 'relic-recovery': 'Relic Recovery' }[mission.kind];
  return title(
    `Mission ${mission.number}: ${mission.name}${isProvisional(mission, 'name') ? PROVISIONAL_MARK : ''}`,
    `${kind}${variant ? ` · ${variant.name}, ${province!.name}’s variant${isProvisional(variant) ? ` ${PROVISIONAL_MARK}` : ''}` : ''} · ${pack.meta.name} ${pack.meta.rulesVersion}`,
  );
}

/** The scenario, objectives and patrols, deployment, and the round-two event. */
function battlefield(pack: RulesetPack, mission: Mission): PdfContent[] {
  const ev = pack.environmentEvent;
  const mutants = mission.objectives * mission.mutantsPerObjective;
  return [
    heading('Scenario', 2),
    { text: mission.briefing + (isProvisional(mission, 'briefing') ? ` ${PROVISIONAL_MARK}` : ''), margin: [0, 0, 0, 4] },
    heading('Objectives and mutant patrols', 2),
    {
      ul: [
        `${mission.objectives} objective markers, each guarded by a patrol of ${mission.mutantsPerObjective} mutants (${mutants} in all), hostile to both companies and to cryptids.`,
        'A patrol whose second mutant falls loses its third: it flees.',
        'A cleared objective nobody contests scores 1 VP at the end of rounds 2 to 5.',
        `Relic extraction: ${mission.relicVp} VP. An agreed secondary objective: ${mission.secondaryVp} VP.`,
        ...(mission.kind === 'cryptid-hunt'
          ? [`Cryptid Hunt: 1 VP for each full ${pack.cryptidRules.woundsPerHuntVp} Wounds your company deals the cryptid.`]
          : []),
      ],
    },
    heading('Deployment', 2),
    {
      ul: [
        'Place terrain (8–12 pieces on about 36" × 36") and the objectives.',
        'Roll off on a D6 for deployment edges, then deploy formations one at a time, alternating.',
        'Declare which 3-fighter Skirmisher patrols stay in reserve to Uncloak from round 2 (at least 3" from enemies, mutants, cryptids and objectives).',
      ],
    },
    heading(`Round ${ev.round} event`, 2),
    mission.guaranteedCryptid
      ? { text: `No roll this mission: a cryptid always appears at the start of round ${ev.round} and acts before anyone activates.`, bold: true }
      : simpleTable(
          [`D${ev.die}`, 'Event'],
          [
            [`${ev.cryptid.min}–${ev.cryptid.max}`, 'A cryptid appears'],
            [`${ev.storm.min}–${ev.storm.max}`, 'A radiation storm appears'],
          ],
          ['auto', '*'],
        ),
  ];
}

/** A cryptid's row of the province's table, its provisional values marked; `provisional` is told of each. */
function cryptidRow(pack: RulesetPack, c: Cryptid, face: string, provisional: () => void) {
  const p = (f: string) => {
    const v = isProvisional(c, `profile.${f}`);
    if (v) provisional();
    return v;
  };
  const wounds = c.class === 'boss' ? pack.cryptidRules.bossWounds : pack.cryptidRules.standardWounds;
  return [
    face,
    `${c.name}${c.class === 'boss' ? ' (boss)' : ''}`,
    markIf(c.profile.W, p('W')),
    markIf(inches(c.profile.M), p('M')),
    markIf(dieTarget(c.profile.Hit), p('Hit')),
    markIf(c.profile.T, p('T')),
    markIf(dieTarget(c.profile.Save), p('Save')),
    markIf(c.profile.A, p('A')),
    markIf(c.profile.F, p('F')),
    markIf(c.profile.D, p('D')),
    `≤${enragedAtOrBelow(wounds, pack.options.enragedThreshold)} W`,
  ];
}

/** The province's cryptids: where one enters, the D6 table with their profiles, and each one's instinct and trophy. */
function provinceCryptids(pack: RulesetPack, mission: Mission, province: Province): { content: PdfContent[]; provisional: boolean } {
  let provisional = isProvisional(province);
  const content: PdfContent[] = [heading(`Cryptids of ${province.name}${isProvisional(province) ? PROVISIONAL_MARK : ''}`, 2)];
  const entry = mission.cryptidEntry
    ? (pack.cryptidRules.entry.find((e) => e.id === mission.cryptidEntry)?.name ?? mission.cryptidEntry)
    : 'roll a D6: ' + pack.cryptidRules.entry.map((e) => `${e.min}–${e.max} ${e.name.toLowerCase()}`).join(', ');
  content.push({ text: `Entry point: ${entry}.`, margin: [0, 0, 0, 3] });
  const faces = ['1–2', '3–4', '5–6'];
  const rows = province.cryptids.map((id, i) => {
    const c = pack.cryptids.find((x) => x.id === id);
    if (!c) return [faces[i]!, id, '', '', '', '', '', '', '', '', ''];
    return cryptidRow(pack, c, faces[i]!, () => (provisional = true));
  });
  content.push(
    simpleTable(['D6', 'Creature', 'W', 'M', 'Hit', 'T', 'Save', 'A', 'F', 'D', 'Enraged'], rows, [
      'auto',
      '*',
      'auto',
      'auto',
      'auto',
      'auto',
      'auto',
      'auto',
      'auto',
      'auto',
      'auto',
    ]),
  );
  for (const id of province.cryptids) {
    const c = pack.cryptids.find((x) => x.id === id);
    if (c)
      content.push({
        text: [
          { text: `${c.name}: `, bold: true },
          `${c.instinct.name} — ${c.instinct.condition}: ${c.instinct.text}. Trophy: ${c.trophy.name} (${c.trophy.effect})`,
        ],
        style: 'small',
        margin: [0, 0, 0, 2],
      });
  }
  return { content, provisional };
}

/** The requisition a mission that awards it can earn (the finale's words where it awards none), then marks and dice. */
function rewardsAtStake(pack: RulesetPack, mission: Mission): PdfContent[] {
  const rw = pack.economy.rewards;
  const content: PdfContent[] = [heading('Rewards at stake', 2)];
  if (mission.awardsRp && pack.economy.rewardMissions.includes(mission.number)) {
    content.push(
      simpleTable(
        ['For', 'Requisition'],
        [
          ['Taking part, whatever the result', `+${rw.participation} RP`],
          ['Winning', `+${rw.win} RP`],
          [`Each mutant you personally defeat (at most ${rw.mutantCap} counted)`, `+${rw.perMutant} RP`],
          [`Most actual damage to the cryptid (at least ${rw.minWoundsForPlacing} Wound)`, `+${rw.cryptidFirst} RP`],
          ['Second-most damage to the cryptid', `+${rw.cryptidSecond} RP`],
        ],
        ['*', 'auto'],
      ),
      { text: `Your allowance never exceeds ${pack.economy.cap} points.`, style: 'small' },
    );
  } else {
    content.push({ text: 'The finale: no requisition carries over. Service marks, trophies and glory still do.', margin: [0, 0, 0, 3] });
  }
  content.push({
    text: `Formations with a survivor at the end earn a service mark. Each full ${pack.cryptidRules.woundsPerCryptidDie} Wounds a squad deals a cryptid earns it a Cryptid Die.`,
    style: 'small',
  });
  return content;
}

export function buildMissionBriefing(input: MissionBriefingInput): BuiltDocument {
  const { pack } = input;
  const { mission, province, variant } = briefedMission(input);
  const cryptids = province ? provinceCryptids(pack, mission, province) : { content: [], provisional: false };
  const provisional = isProvisional(mission) || cryptids.provisional;
  const content: PdfContent[] = [
    ...briefingTitle(pack, mission, province, variant),
    ...battlefield(pack, mission),
    ...cryptids.content,
    ...rewardsAtStake(pack, mission),
  ];
  if (provisional) content.push({ text: `${PROVISIONAL_MARK} provisional value: not yet in the designer's documents.`, style: 'small', margin: [0, 6, 0, 0] });
  return { title: `Mission ${mission.number} briefing`, provisional, body: { content } };
}

import type { RulesetPack } from '../ruleset/schema';
import { SLOT_LABEL } from './labels';
import { equipmentPoints, modelPoints, packIndex } from './points';
import { costIsProvisional } from './provisional';
import type { Roster } from './schema';
import { rosterViolations } from './validate';

/** The mark the printed sheets use for a value the rules documents do not give yet. */
const PROVISIONAL_TEXT_MARK = '†';

export interface ArmyListTextOptions {
  /** The points the roster may spend (its campaign allowance, or the pack's standalone limit). */
  allowance: number;
}

const MODE_LABEL: Record<Roster['mode'], string> = { campaign: 'Campaign', standalone: 'Standalone game', crossover: 'Crossover game' };

/**
 * The compact army list players paste into a chat or a forum post: the
 * warband's name, faction and points, the command group, then each formation
 * with its models, loadouts and equipment. Names come from the pack, never
 * its ids; a part the pack does not know is named as unknown rather than by
 * its key. Points resting on a provisional value carry †.
 */
export function armyListText(roster: Roster, pack: RulesetPack, opts: ArmyListTextOptions): string {
  const idx = packIndex(pack);
  const validation = rosterViolations(roster, pack, { allowance: opts.allowance });
  let provisional = false;
  const pts = (n: number, isProv: boolean) => {
    if (isProv) provisional = true;
    return `${n} pts${isProv ? ` ${PROVISIONAL_TEXT_MARK}` : ''}`;
  };
  const unitName = (unitId: string) => idx.units.get(unitId)?.name ?? 'Unknown unit';
  const loadoutName = (unitId: string, loadoutId: string | null) =>
    loadoutId ? (idx.loadouts.get(`${unitId}/${loadoutId}`)?.name ?? 'Unknown loadout') : 'Standard';
  const equipmentNames = (equipment: readonly string[]) => equipment.map((id) => idx.equipment.get(id)?.name ?? 'Unknown equipment');
  const modelProvisional = (unitId: string, loadoutId: string | null, equipment: readonly string[]) => costIsProvisional(idx, unitId, loadoutId, equipment);
  const outfit = (unitId: string, loadoutId: string | null, equipment: readonly string[]) =>
    [loadoutName(unitId, loadoutId), ...equipmentNames(equipment)].join(', ');

  const faction = pack.factions.find((f) => f.id === roster.factionId)?.name ?? 'Unknown faction';
  const lines: string[] = [];
  lines.push(`${roster.name} · ${faction}${roster.startingCity ? ` · from ${roster.startingCity}` : ''}`);
  const totalProv = roster.formations.some((f) => f.fighters.some((x) => modelProvisional(f.unitId, x.loadoutId, x.equipment))) || commandProvisional();
  lines.push(
    `${MODE_LABEL[roster.mode]} · ${pts(validation.points.spent, totalProv)} of ${opts.allowance} · ${validation.models} model${validation.models === 1 ? '' : 's'}`,
  );
  if (!validation.valid) lines.push(`Draft: ${validation.violations.length} recruitment rule${validation.violations.length === 1 ? '' : 's'} broken`);

  lines.push('', `Command group · ${pts(validation.breakdown.command, commandProvisional())}`);
  const hostName = (id: string | null) => (id ? (roster.formations.find((f) => f.id === id)?.name ?? 'an unknown formation') : null);
  if (roster.captain) {
    const c = roster.captain;
    const cost = modelPoints(idx, c.unitId, c.loadoutId) + equipmentPoints(idx, c.equipment);
    lines.push(
      `- ${c.name || 'Captain'}: ${unitName(c.unitId)} (${outfit(c.unitId, c.loadoutId, c.equipment)}) · ${pts(cost, modelProvisional(c.unitId, c.loadoutId, c.equipment))}`,
    );
  }
  roster.officers.forEach((o, i) => {
    const cost = modelPoints(idx, o.unitId, o.loadoutId) + equipmentPoints(idx, o.equipment);
    const host = hostName(o.postedTo);
    lines.push(
      `- ${o.name || `Officer ${i + 1}`}: ${unitName(o.unitId)} (${outfit(o.unitId, o.loadoutId, o.equipment)}) · ` +
        `${pts(cost, modelProvisional(o.unitId, o.loadoutId, o.equipment))} · ${host ? `posted to ${host}` : 'with the Captain'}`,
    );
  });
  if (!roster.captain && roster.officers.length === 0) lines.push('- No Captain or Officers recruited yet');

  for (const f of roster.formations) {
    const n = f.fighters.length;
    const formationProv = f.fighters.some((x) => modelProvisional(f.unitId, x.loadoutId, x.equipment));
    const reserve = f.slot === 'skirmisher' && f.inReserve ? ' · starts in reserve' : '';
    lines.push(
      '',
      `${SLOT_LABEL[f.slot].one}: ${f.name} · ${n} × ${unitName(f.unitId)} · ${pts(validation.breakdown.formations[f.id] ?? 0, formationProv)}${reserve}`,
    );
    // fighters alike in loadout and equipment are one line, as players write a list by hand
    const groups = new Map<string, { count: number; text: string }>();
    for (const x of f.fighters) {
      const text = outfit(f.unitId, x.loadoutId, x.equipment);
      const g = groups.get(text);
      if (g) g.count += 1;
      else groups.set(text, { count: 1, text });
    }
    for (const g of groups.values()) lines.push(`- ${g.count} × ${g.text}`);
    const named = f.fighters.filter((x) => x.name).map((x) => x.name);
    if (named.length) lines.push(`- Named: ${named.join(', ')}`);
  }
  if (provisional) lines.push('', `${PROVISIONAL_TEXT_MARK} provisional value: the ruleset pack's stand-in until the designer publishes a figure`);
  return lines.join('\n') + '\n';

  function commandProvisional(): boolean {
    const models = [...(roster.captain ? [roster.captain] : []), ...roster.officers];
    return models.some((m) => modelProvisional(m.unitId, m.loadoutId, m.equipment));
  }
}

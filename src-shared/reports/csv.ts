import type { PlaytestReport } from './aggregate';

/**
 * The report as one CSV table in long form (section, subject, detail,
 * measure, value, battles), so a spreadsheet can pivot any part of it.
 * RFC 4180 quoting; the battle ids behind each figure are in the last column.
 */
const CSV_HEADER = ['section', 'subject', 'detail', 'measure', 'value', 'battle_ids'] as const;

function cell(v: string | number): string {
  const s = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(4)) : v;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function reportToCsv(r: PlaytestReport, names: (id: string) => string = (x) => x): string {
  const rows: (string | number)[][] = [[...CSV_HEADER]];
  const add = (section: string, subject: string, detail: string, measure: string, value: number, ids: string[] = []) =>
    rows.push([section, subject, detail, measure, value, ids.join(' ')]);
  add('summary', 'all', '', 'games', r.games, r.battleIds);
  // by kind of record (issue 41): a Play-Mode-only figure's n is the play games, or the sides/battles its row names
  add('summary', 'play', '', 'games', r.sources.play);
  add('summary', 'paper', '', 'games', r.sources.paper);
  add('summary', 'all', '', 'vp_per_side', r.vp.sides ? r.vp.total / r.vp.sides : 0);
  add('summary', 'all', '', 'vp_sides', r.vp.sides);
  add('summary', 'all', '', 'mean_battle_seconds', r.meanBattleSeconds);
  add('summary', 'all', 'bag', 'games', r.sequences.bag);
  add('summary', 'all', 'alternating', 'games', r.sequences.alternating);
  for (const f of r.byFaction) {
    for (const m of ['games', 'wins', 'draws', 'losses', 'winRate'] as const) add('faction', names(f.factionId), '', m, f[m], f.battleIds);
  }
  for (const m of r.matchups) {
    const subject = `${names(m.factionA)} v ${names(m.factionB)}`;
    for (const k of ['games', 'winsA', 'winsB', 'draws'] as const) add('matchup', subject, '', k, m[k], m.battleIds);
  }
  for (const t of r.roundTimes) add('round_time', `round ${t.round}`, '', 'mean_seconds', t.meanSeconds);
  for (const w of r.wounds) {
    add('wounds', names(w.factionId), w.unitType, 'ranged', w.ranged, w.battleIds);
    add('wounds', names(w.factionId), w.unitType, 'melee', w.melee, w.battleIds);
  }
  for (const v of r.vpBySource) {
    add('vp', v.source, '', 'total', v.total);
    add('vp', v.source, '', 'mean_per_side', v.meanPerSide);
    add('vp', v.source, '', 'sides', v.sides);
  }
  for (const u of r.usage) add(u.kind, names(u.id), '', 'uses', u.uses, u.battleIds);
  for (const u of r.uncloak) add('uncloak', `round ${u.round}`, '', 'patrols', u.count, u.battleIds);
  add('cryptid', 'all', '', 'battles', r.cryptid.battles, r.cryptid.battleIds);
  add('cryptid', 'all', '', 'mean_wounds_dealt', r.cryptid.meanWoundsDealt);
  add('cryptid', 'all', '', 'mean_wounds_taken', r.cryptid.meanWoundsTaken);
  add('cryptid', 'all', '', 'defeated', r.cryptid.defeated);
  add('cryptid', 'all', '', 'of_battles', r.cryptid.of);
  add('storm', 'all', '', 'battles', r.storm.battles, r.storm.battleIds);
  add('storm', 'all', '', 'of_battles', r.storm.of);
  add('storm', 'all', '', 'mean_wounds_dealt', r.storm.meanWoundsDealt);
  for (const m of r.serviceMarks) add('service_marks', m.unitType, '', 'survival_rate', m.rate);
  for (const d of r.disputes) rows.push(['dispute', d.ruleRef, d.notes.join(' | '), 'count', d.count, d.battleIds.join(' ')]);
  // the players' ratings (Field Manual §12): how many sides rated, each rating's n, mean and median, the rules that confused them
  add('ratings', 'all', '', 'sides_rated', r.ratings.sides);
  for (const k of ['fun', 'clarity'] as const) {
    const f = r.ratings[k];
    add('ratings', k, '', 'n', f.n);
    if (f.mean !== null) add('ratings', k, '', 'mean', f.mean);
    if (f.median !== null) add('ratings', k, '', 'median', f.median);
  }
  // a player's words: one a spreadsheet would run as a formula (=, +, - or @ first) is kept as text with a leading '
  for (const c of r.ratings.confusingRules) add('confusing_rule', /^[=+\-@\t\r]/.test(c.rule) ? `'${c.rule}` : c.rule, '', 'sides', c.count);
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

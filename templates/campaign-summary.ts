import { ENTRY_LABELS } from '../src-shared/campaign/entries';
import type { CampaignDetail } from '../src-shared/contract/campaigns.contract';
import type { Journal } from '../src-shared/contract/ledger.contract';
import type { PdfBody, PdfContent } from './pdf/types';
import { headed, PROVISIONAL_MARK, simpleTable, title } from './pdf/pieces';
import { isolate } from './pdf/script-fonts';
import { rulingsSentence, type RuleOptions } from '../src-shared/ruleset/options';
import { counted } from '../src-shared/naming';

/**
 * Campaign summary: the standings, the missions played with each side's
 * result, each player's allowance with every entry that makes it up, their
 * veteran formations, dice and trophies, and the timeline. What an organiser
 * pins on the club board after a mission.
 */
export function buildCampaignSummary(
  j: Journal,
  standings: CampaignDetail['standings'],
  finishes: CampaignDetail['finishes'] = [],
  options?: RuleOptions,
  /** Ids of the trophies the pinned pack marks provisional (DIGEST decision 1): marked where their names stand. */
  provisionalTrophies: ReadonlySet<string> = new Set(),
): { body: PdfBody; title: string } {
  const c = j.campaign;
  const name = (id: string | null) => isolate(j.players.find((p) => p.playerId === id)?.playerName ?? '');
  const content: PdfContent[] = [
    ...title(
      `Campaign summary: ${isolate(c.name)}`,
      `${c.seats.map((s) => `${isolate(s.playerName)} (${s.factionName})`).join(' vs ')} · ${c.status === 'finished' ? 'complete' : `mission ${c.currentMission} of 5`} · ${c.rulesetName}`,
    ),
    ...(c.nonStandard ? [{ text: 'NON-STANDARD campaign: alternating activations and morale house rule.', bold: true, margin: [0, 0, 0, 6] }] : []),
    ...(options ? [{ text: rulingsSentence(options), style: 'small', margin: [0, 0, 0, 6] }] : []),
    headed(
      'Standings',
      2,
      simpleTable(
        ['Player', 'Allowance', 'Won', 'Drawn', 'Lost', 'VP'],
        j.players.map((p) => {
          const s = standings.find((x) => x.playerId === p.playerId);
          return [isolate(p.playerName), `${p.allowance} RP`, s?.wins ?? 0, s?.draws ?? 0, s?.losses ?? 0, s?.victoryPoints ?? 0];
        }),
      ),
    ),
  ];
  if (finishes.length) {
    const RESULT = { win: 'Won', draw: 'Drew', loss: 'Lost' } as const;
    content.push(
      headed(
        'Missions',
        2,
        simpleTable(
          ['Mission', 'Recorded', ...j.players.map((p) => isolate(p.playerName))],
          [...finishes]
            .sort((x, y) => x.mission - y.mission || x.createdAt.localeCompare(y.createdAt))
            .map((f) => [
              f.live ? String(f.mission) : `${f.mission} (undone)`,
              f.createdAt.slice(0, 10),
              ...j.players.map((p) => {
                const r = f.results.find((x) => x.playerId === p.playerId);
                return r ? `${RESULT[r.result]}, ${r.victoryPoints} VP, ${counted(r.mutantKills, 'mutant')}, ${counted(r.cryptidWounds, 'cryptid Wound')}` : '';
              }),
            ]),
          [50, 60, ...j.players.map(() => '*' as const)],
        ),
      ),
    );
  }
  for (const p of j.players) {
    content.push(
      headed(
        `${isolate(p.playerName)}: ${p.allowance} RP`,
        2,
        simpleTable(
          ['Mission', 'Entry', 'RP', 'Total'],
          p.explanation.map((l) => [l.mission ? String(l.mission) : '', l.reason, `${l.amount > 0 ? '+' : ''}${l.amount}`, l.running]),
          [40, '*', 40, 40],
        ),
      ),
    );
    if (p.inventory.formations.length)
      // kept on one page with its heading: a heading alone at the foot of a page reads as a missing table
      content.push(
        headed(
          'Veteran formations',
          3,
          simpleTable(
            ['Formation', 'Marks', 'Rank', 'Veteran Sixes', 'Cryptid Veteran'],
            p.inventory.formations.map((f) => [isolate(f.name), f.serviceMarks, f.rank ?? '–', f.veteranSixes, f.cryptidVeteran ? 'yes' : '']),
          ),
        ),
      );
    content.push({
      text: `Cryptid Dice held: ${p.inventory.cryptidDice.length || 'none'}. Trophies: ${p.inventory.trophies.map((t) => `${t.name}${provisionalTrophies.has(t.trophyId) ? PROVISIONAL_MARK : ''} (${t.status})`).join(', ') || 'none'}.`,
      margin: [0, 4, 0, 0],
    });
  }
  content.push(
    headed(
      'Timeline',
      2,
      simpleTable(
        ['#', 'Date', 'Event', 'Entries'],
        j.events.map((e) => [
          e.seq,
          e.createdAt.slice(0, 10),
          e.summary + (e.undone ? ' (undone)' : ''),
          e.entries.map((x) => `${ENTRY_LABELS[x.kind]}${x.playerId ? ` ${name(x.playerId)}` : ''} ${x.amount > 0 ? '+' : ''}${x.amount}`).join('; '),
        ]),
        [20, 56, '*', '*'],
      ),
    ),
  );
  return { body: { content }, title: `Campaign summary — ${c.name}` };
}

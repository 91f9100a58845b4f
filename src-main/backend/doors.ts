import { formationRefusal } from '../../src-shared/battle/formation-life';
import type { Channel } from '../../src-shared/contract';
import { scopeRefusal } from '../../src-shared/contract/scopes';
import { nameKey, textProblem } from '../../src-shared/text-policy';
import { isDisplaced } from './battles/displaced';
import { storeRulesetVersion } from './db/tables/rulesets.table';
import { checkInputFile, readBoundedBytes } from './files/bounded-read';
import { belongsInWorker } from './jobs/worker-rule';

/**
 * Every way data enters the ledger, and the gates each passes (issue 40). The centre keeps its promises (the text
 * policy, identity by content, bounded reads, the worker for large work, the formation guard, a mission recorded
 * once); this list is where a door says which of them it goes through, and `test/integration/door-matrix.test.ts`
 * walks it with one hostile corpus on SQLite and PostgreSQL, and fails for a channel or a command that takes a file,
 * a name or a battle step without being listed here. Each gate is one function, named below; where the store can keep
 * a gate itself it does (the players' name key and the packs' content digest are unique indexes, migration 0018), so
 * a door that forgets cannot add a twin either.
 */
export const GATES = {
  /** Names and notes: one policy for what a text may hold, and one key for when two names are the same name. */
  'text-policy': { keptBy: [textProblem, nameKey], what: 'control and bidi characters, lone surrogates and lengths refused; names compared by one key' },
  /** Files are read whole only when they are regular files (or pipes), and never past their kind's limit. */
  'bounded-read': { keptBy: [readBoundedBytes, checkInputFile], what: 'a folder, a device or a file past its limit refused before it is read' },
  /** Large work goes to the print worker, decided on what it will read (a gzip's unzipped size). */
  'worker-for-large': { keptBy: [belongsInWorker], what: 'the backend answers other requests while a large import runs' },
  /** A ruleset pack is one version by its content, whatever its label, however often it arrives. */
  'pack-identity': { keptBy: [storeRulesetVersion], what: 'the same pack twice is one version' },
  /** "May this formation do that now?", and "may that happen to it?": one table of statuses and actions. */
  'formation-guard': { keptBy: [formationRefusal], what: 'an action by (or on) a formation its status forbids refused' },
  /** A campaign's mission is recorded once; a battle of it still in progress is marked and its links only read. */
  'mission-once': { keptBy: [isDisplaced], what: 'a battle whose mission was recorded elsewhere cannot record on' },
  /** A club night link reaches its own battle, and only reads once that battle cannot take steps. */
  scope: { keptBy: [scopeRefusal], what: 'a link calls only the channels its scope declares, for its own battle' },
} as const;
export type GateName = keyof typeof GATES;

export interface Door {
  /** What comes in, in a user's words. */
  what: string;
  /** The contract's channels it arrives by (over IPC, browser mode's HTTP, and a club night link where its scope allows). */
  channels: readonly Channel[];
  /** The CLI commands it arrives by, as typed after `aoa`. */
  commands: readonly string[];
  gates: readonly GateName[];
}

export const DOORS = {
  'player name': {
    what: 'a player created or renamed (the Players page, the CLI)',
    channels: ['players.create', 'players.update'],
    commands: [],
    gates: ['text-policy'],
  },
  'ruleset pack': {
    what: 'a ruleset pack imported or edited (the Armoury, `aoa ruleset import`)',
    channels: ['rulesets.import', 'rulesets.createVersion'],
    commands: ['ruleset import'],
    gates: ['bounded-read', 'text-policy', 'pack-identity'],
  },
  'roster file': {
    what: 'an army from a roster file (the Builder’s import, `aoa roster validate`)',
    channels: ['rosters.import'],
    commands: ['roster validate'],
    gates: ['bounded-read', 'text-policy', 'pack-identity'],
  },
  'campaign file': {
    what: 'campaigns from another organiser’s file (Campaigns → Import, `aoa campaign import`)',
    channels: ['campaigns.import', 'campaigns.importPreview'],
    commands: ['campaign import'],
    gates: ['bounded-read', 'worker-for-large', 'text-policy', 'pack-identity'],
  },
  'playtest bundle': {
    what: 'clubs’ playtest bundles into the designer’s desk (the Designer section, `aoa designer import`)',
    channels: ['desk.import'],
    commands: ['designer import'],
    gates: ['bounded-read', 'worker-for-large', 'text-policy'],
  },
  'attack file': {
    what: 'an attack for the odds (`aoa odds FILE`)',
    channels: [],
    commands: ['odds'],
    gates: ['bounded-read'],
  },
  'battle step': {
    what: 'a step recorded at the table (Play Mode, a phone’s link, `aoa battle`)',
    channels: ['battles.act'],
    commands: [],
    gates: ['formation-guard', 'mission-once', 'scope'],
  },
  'mission record': {
    what: 'a mission recorded (Play Mode’s Finish, a phone’s confirmation, the paper form)',
    channels: ['battles.finish', 'table.confirmFinish', 'campaigns.finishMission'],
    commands: [],
    gates: ['text-policy', 'mission-once', 'scope'],
  },
  'league push': {
    what: 'a club’s ledger file copied into a league (`aoa league push --from FILE`)',
    channels: [],
    commands: ['league push'],
    gates: ['bounded-read', 'text-policy', 'pack-identity'],
  },
  'league pull': {
    what: 'a league copied into a ledger file (`aoa league pull --to FILE`)',
    channels: [],
    commands: ['league pull'],
    gates: ['text-policy', 'pack-identity'],
  },
  restore: {
    what: 'a backup put back as the ledger (Settings → Backups, `aoa restore FILE`)',
    channels: ['backups.restore'],
    commands: ['restore'],
    gates: ['bounded-read'],
  },
} as const satisfies Record<string, Door>;
export type DoorName = keyof typeof DOORS;

import { appContract, type AppContract } from '../../../src-shared/contract';
import type { HandlerMap } from './define';
import { systemHandlers } from './system.handlers';
import { printHandlers } from './print.handlers';
import { reportsHandlers } from './reports.handlers';
import { battlesHandlers } from './battles.handlers';
import { playersHandlers } from './players.handlers';
import { campaignsHandlers } from './campaigns.handlers';
import { ledgerHandlers } from './ledger.handlers';
import { maintenanceHandlers } from './maintenance.handlers';
import { rostersHandlers } from './rosters.handlers';
import { rulesetsHandlers } from './rulesets.handlers';
import { oddsHandlers } from './odds.handlers';
import { clubNightHandlers } from './club-night.handlers';
import { playtestHandlers } from './playtest.handlers';
import { deskHandlers } from './desk.handlers';

/**
 * Every handler, one spread per domain. The type requires one handler for
 * each contract channel; the check below refuses duplicates and strays.
 */
export const allHandlers: HandlerMap<AppContract> = mergeHandlers(
  printHandlers,
  reportsHandlers,
  rulesetsHandlers,
  systemHandlers,
  maintenanceHandlers,
  rostersHandlers,
  playersHandlers,
  campaignsHandlers,
  ledgerHandlers,
  oddsHandlers,
  battlesHandlers,
  clubNightHandlers,
  playtestHandlers,
  deskHandlers,
);

function mergeHandlers(...maps: object[]): HandlerMap<AppContract> {
  const out: Record<string, unknown> = {};
  for (const m of maps) {
    for (const [name, fn] of Object.entries(m)) {
      if (name in out) throw new Error(`Two handlers for channel ${name}`);
      out[name] = fn;
    }
  }
  for (const name of Object.keys(appContract)) if (!(name in out)) throw new Error(`No handler for channel ${name}`);
  for (const name of Object.keys(out)) if (!(name in appContract)) throw new Error(`Handler for unknown channel ${name}`);
  return out as HandlerMap<AppContract>;
}

import type { z } from 'zod';
import { mergeContracts } from './define';
import { systemContract } from './system.contract';
import { printContract } from './print.contract';
import { reportsContract } from './reports.contract';
import { battlesContract } from './battles.contract';
import { playersContract } from './players.contract';
import { campaignsContract } from './campaigns.contract';
import { ledgerContract } from './ledger.contract';
import { maintenanceContract } from './maintenance.contract';
import { rostersContract } from './rosters.contract';
import { rulesetsContract } from './rulesets.contract';
import { oddsContract } from './odds.contract';
import { clubNightContract } from './club-night.contract';
import { playtestContract } from './playtest.contract';
import { deskContract } from './desk.contract';

/**
 * The one IPC contract. The preload client, the backend dispatcher, browser
 * mode and the CLI all derive from this map. Add a domain by writing its
 * `<domain>.contract.ts` beside this file and listing it here.
 */
export const appContract = mergeContracts(
  printContract,
  reportsContract,
  rulesetsContract,
  systemContract,
  maintenanceContract,
  rostersContract,
  playersContract,
  campaignsContract,
  ledgerContract,
  oddsContract,
  battlesContract,
  clubNightContract,
  playtestContract,
  deskContract,
);

export type AppContract = typeof appContract;
export type Channel = keyof AppContract & string;
export type ChannelInput<C extends Channel> = z.input<AppContract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<AppContract[C]['output']>;

export const CHANNELS = Object.keys(appContract) as Channel[];
export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(appContract, name);
}

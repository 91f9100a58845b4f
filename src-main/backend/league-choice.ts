import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../src-shared/errors';
import { isPostgresUrl, redactUrl } from './db/league-url';
import { privateFile } from './private-files';

/**
 * Settings → Ledger → "League database": the league this computer records
 * to, kept in `league.json` in the data folder (not in the ledger's own
 * settings, since it chooses the ledger). The URL is kept without a
 * password; the password only ever as the operating system's encryption of
 * it (Electron's safeStorage), never as text. Where no such encryption is at
 * hand (browser mode, the CLI) the password comes from AOA_DATABASE_PASSWORD
 * or a pgpass file instead, and none is stored.
 */
export interface SecretBox {
  encrypt(text: string): Promise<string>;
  decrypt(sealed: string): Promise<string>;
}

const choiceSchema = z.object({ url: z.string(), password: z.object({ sealed: z.string() }).optional() });
export type LeagueChoice = z.infer<typeof choiceSchema>;

const fileOf = (dataDir: string) => join(dataDir, 'league.json');

export function readLeagueChoice(dataDir: string): LeagueChoice | undefined {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = choiceSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success && isPostgresUrl(parsed.data.url) ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The saved league and its password (decrypted in memory), for the start of the app; nothing when none is saved. */
export async function savedLeague(dataDir: string, box?: SecretBox): Promise<{ url: string; password?: string } | undefined> {
  const choice = readLeagueChoice(dataDir);
  if (!choice) return undefined;
  return { url: choice.url, password: choice.password && box ? await box.decrypt(choice.password.sealed) : undefined };
}

/**
 * Saves (or with `url: null`, forgets) the league after checking that it
 * answers with these credentials; written under a temporary name and
 * renamed, mode 0600. Takes effect when the app is started again.
 */
export async function saveLeagueChoice(dataDir: string, input: { url: string | null; password?: string }, box?: SecretBox): Promise<void> {
  const file = fileOf(dataDir);
  if (input.url === null) {
    rmSync(file, { force: true });
    return;
  }
  if (!isPostgresUrl(input.url)) throw new AppError('VALIDATION', 'Write the league database as postgres://USER@HOST:PORT/DATABASE.', { path: ['url'] });
  const u = new URL(input.url);
  if (u.password || u.searchParams.has('password'))
    throw new AppError('VALIDATION', 'Leave the password out of the address; type it in the password field, where it is stored encrypted.', { path: ['url'] });
  if (input.password && !box)
    throw new AppError(
      'VALIDATION',
      'Here the password cannot be stored encrypted, so it is not stored at all: set AOA_DATABASE_PASSWORD or use a pgpass file, and leave the field empty.',
      { path: ['password'] },
    );
  // the league must answer before it is chosen: a wrong address or password is said now, not at the next start
  // node-postgres is loaded here, when a league is chosen, not at every start (league-url.ts)
  const { openLeague } = await import('./db/league');
  const league = await openLeague({ url: input.url, password: input.password, readOnly: true, poolSize: 1 });
  await league.close();
  const choice: LeagueChoice = { url: input.url, ...(input.password && box ? { password: { sealed: await box.encrypt(input.password) } } : {}) };
  const tmp = `${file}.partial`;
  writeFileSync(tmp, JSON.stringify(choice, null, 2) + '\n', { mode: 0o600 });
  privateFile(tmp);
  renameSync(tmp, file);
}

/** What Settings shows: the saved league (no password), and whether a password could be stored here. */
export function leagueChoiceInfo(dataDir: string, box?: SecretBox): { url: string | null; passwordSaved: boolean; canStorePassword: boolean } {
  const c = readLeagueChoice(dataDir);
  return { url: c ? redactUrl(c.url) : null, passwordSaved: !!c?.password, canStorePassword: !!box };
}

import { createApiClient, type ApiClient } from '../../src-shared/contract/client';
import { AppError, ERROR_TITLES } from '../../src-shared/errors';
import { citeFieldManual } from '../../src-shared/naming';
import { startBackend, type Backend } from '../backend/backend';
import { chosenDatabase, defaultDataDir } from '../backend/paths';
import { readLeagueChoice } from '../backend/league-choice';

export const EXIT = { OK: 0, REFUSED: 1, USAGE: 2 } as const;

export interface GlobalOptions {
  dataDir?: string;
  /** A league's postgres:// URL (else $AOA_DATABASE_URL; else the SQLite ledger in the data folder). */
  database?: string;
  json?: boolean;
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CliIo = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
};

export function resolveDataDir(opts: GlobalOptions): string {
  return opts.dataDir ?? defaultDataDir();
}

/**
 * Runs `fn` against a backend on the chosen data folder, closing it afterwards.
 *
 * While the app (or browser mode) holds the folder, the ledger is opened
 * read-only beside it instead: every channel the contract declares as a read
 * works, and a write is refused with the lock's own message naming the
 * holder. So a command is read-only because of what it calls, not because a
 * list says so.
 */
export async function withApi<T>(opts: GlobalOptions, fn: (api: ApiClient, backend: Backend) => Promise<T>): Promise<T> {
  const dataDir = resolveDataDir(opts);
  // --database, AOA_DATABASE_URL, else the league the app was set to in Settings: the CLI sees what the app sees
  const database = chosenDatabase(opts.database) ?? readLeagueChoice(dataDir)?.url;
  let backend: Backend;
  try {
    backend = await startBackend({ dataDir, mode: 'cli', database });
  } catch (e) {
    if (!(e instanceof AppError && e.code === 'LOCKED')) throw e;
    backend = await startBackend({ dataDir, mode: 'cli', readOnly: true, writeRefusal: e });
  }
  try {
    const api = createApiClient((channel, input) => backend.dispatch(channel, input));
    return await fn(api, backend);
  } finally {
    await backend.close();
  }
}

/** A refused request: exit 1, the message on stderr (and as JSON on stdout with --json). */
export class CliRefusal extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** A failure as the CLI prints it: in words, with each issue's place, and rules cited by the Field Manual's section. */
export function describeError(e: unknown): { message: string; code: string; issues?: unknown } {
  if (e instanceof AppError) {
    const issues = e.issues?.map((i) => `  - ${i.path.length ? i.path.join('.') + ': ' : ''}${citeFieldManual(i.message)}`).join('\n');
    return { code: e.code, message: `${ERROR_TITLES[e.code]}: ${citeFieldManual(e.message)}${issues ? '\n' + issues : ''}`, issues: e.issues };
  }
  if (e instanceof CliRefusal) return { code: 'REFUSED', message: citeFieldManual(e.message), issues: e.details };
  return { code: 'INTERNAL', message: (e as Error)?.message ?? String(e) };
}

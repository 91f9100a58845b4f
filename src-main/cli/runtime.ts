import { createApiClient, type ApiClient } from '../../src-shared/contract/client';
import { AppError, ERROR_TITLES } from '../../src-shared/errors';
import { startBackend, type Backend } from '../backend/backend';
import { defaultDataDir } from '../backend/paths';

export const EXIT = { OK: 0, REFUSED: 1, USAGE: 2 } as const;

export interface GlobalOptions {
  dataDir?: string;
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

/** Runs `fn` against a backend on the chosen data folder, closing it afterwards. */
export async function withApi<T>(opts: GlobalOptions, fn: (api: ApiClient, backend: Backend) => Promise<T>): Promise<T> {
  const backend = await startBackend({ dataDir: resolveDataDir(opts), mode: 'cli' });
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

export function describeError(e: unknown): { message: string; code: string; issues?: unknown } {
  if (e instanceof AppError) {
    const issues = e.issues?.map((i) => `  - ${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('\n');
    return { code: e.code, message: `${ERROR_TITLES[e.code]}: ${e.message}${issues ? '\n' + issues : ''}`, issues: e.issues };
  }
  if (e instanceof CliRefusal) return { code: 'REFUSED', message: e.message, issues: e.details };
  return { code: 'INTERNAL', message: (e as Error)?.message ?? String(e) };
}

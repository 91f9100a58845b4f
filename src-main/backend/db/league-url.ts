import { AppError } from '../../../src-shared/errors';

/**
 * What is said and checked of a league database's address without connecting to it: whether a text is one, how it
 * may be shown, the URL node-postgres is given, and the sentences for its failures. No node-postgres here, so that
 * the app's start, the CLI and the settings read it without loading `pg` (about 70 ms of every process's start); the
 * connections themselves are league.ts, loaded when a league is opened.
 */

/** The URL as it may be shown: user, host, port, database; never the password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '';
    u.searchParams.delete('password');
    return u.toString().replace(/^(postgres(?:ql)?:\/\/[^@/]*):@/, '$1@');
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

export function isPostgresUrl(s: string | undefined): s is string {
  return !!s && /^postgres(ql)?:\/\//i.test(s);
}

/** The sentence an organiser can act on when connecting failed; never the password, never a stack. */
export function connectError(e: unknown, label: string): AppError {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const at = label;
  // node-postgres' own words when the server asks for a password and it has none (SCRAM, MD5)
  if (/client password must be a string|password must be a string/i.test((e as Error)?.message ?? ''))
    return new AppError(
      'VALIDATION',
      `The league database at ${at} asks for a password and none was given: set AOA_DATABASE_PASSWORD, or put it in a pgpass file ` +
        `(~/.pgpass, or the file PGPASSFILE names; in the app, Settings → Ledger keeps it).`,
    );
  if (code === '28P01' || code === '28000')
    return new AppError('VALIDATION', `The league database at ${at} refused the user name or password: check them (Settings → Ledger, or your pgpass file).`);
  if (code === '3D000')
    return new AppError('NOT_FOUND', `The league database named in ${at} does not exist: check the database name, or create it with "aoa league init".`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new AppError('VALIDATION', `The host name in ${at} is not known: check the server's address.`);
  if (code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || /timeout/i.test((e as Error)?.message ?? ''))
    return new AppError('UNAVAILABLE', `League database unreachable at ${at}: check that the server is running and the host and port are right.`);
  if (/SSL|certificate|self[- ]signed/i.test((e as Error)?.message ?? ''))
    return new AppError(
      'VALIDATION',
      `The secure connection to ${at} failed (${(e as Error).message.split('\n')[0]}): check sslmode and the CA file (sslrootcert).`,
    );
  return new AppError('UNAVAILABLE', `The league database at ${at} could not be opened: ${((e as Error)?.message ?? String(e)).split('\n')[0]}.`);
}

/**
 * The URL to connect with: the password given apart (safeStorage, the
 * environment) goes into it, since node-postgres lets the URL's own fields
 * override a separate `password` option. Kept in memory only.
 */
/**
 * The URL node-postgres is given: the password put in, and the SSL mode made explicit. node-postgres 8 checks the
 * certificate and host name for `prefer`, `require` and `verify-ca` as for `verify-full` (the README promises it),
 * warns on every start that version 9 will check less for them (libpq's meaning), and does so on the organiser's
 * console; the league keeps the stricter check by asking for it by name. `uselibpqcompat=true` keeps libpq's meaning.
 */
export function pgConnectionString(url: string, password: string | undefined): string {
  const u = new URL(url);
  if (password) u.password = encodeURIComponent(password);
  const mode = u.searchParams.get('sslmode');
  if (mode && ['prefer', 'require', 'verify-ca'].includes(mode) && u.searchParams.get('uselibpqcompat') !== 'true')
    u.searchParams.set('sslmode', 'verify-full');
  return u.toString();
}

/** The refusal every write gets from an app older than its league. */
export function newerLeagueRefusal(step: string, label: string): AppError {
  return new AppError(
    'DB_NEWER',
    `The league database at ${label} has been upgraded by a newer version of the app (it has schema step ${step}); ` +
      `this version can show it but not change it. Install the version that brought step ${step} (or newer) to record again.`,
  );
}

import type { ZodError } from 'zod';

/**
 * Errors cross the IPC boundary as plain values. Each code has a meaning the
 * renderer can explain to a club organiser without showing a stack trace.
 */
export const ERROR_CODES = [
  'VALIDATION', // the request or a file did not match its schema
  'NOT_FOUND', // the thing asked for does not exist
  'CONFLICT', // the request clashes with what is stored (duplicate, already finished…)
  'RULE_VIOLATION', // the rules of the game forbid it
  'UNAUTHORIZED', // browser mode: missing or wrong token, foreign host or origin
  'FORBIDDEN', // club night: a table or board link asked for something its scope does not allow (or a revoked, expired or unknown link)
  'RATE_LIMITED', // club night: a link sent more requests than its budget allows (HTTP 429); it may try again in a few seconds
  'UNREACHABLE', // browser mode or a phone: the computer serving the app did not answer (no reply at all)
  'BAD_REQUEST', // browser mode: the HTTP request itself was wrong (method, content type)
  'DB_NEWER', // the database was written by a newer version of the app
  'DB_CORRUPT', // the database file is damaged
  'LOCKED', // another instance holds the data folder
  'CANCELLED', // a long job was cancelled by the user
  'STORAGE', // the disk is full or the ledger file cannot be written: nothing was saved, nothing is lost
  'UNAVAILABLE', // league mode: the PostgreSQL server cannot be reached; nothing was saved, the app reconnects by itself
  'INTERNAL', // a bug: the message is for the log, the UI says so
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem found in a request or a file, where it is (contract/define.ts holds the wire schemas). */
export interface Issue {
  path: (string | number)[];
  message: string;
  code?: string;
}

/** An error as it crosses the IPC boundary. */
export interface AppErrorPayload {
  code: ErrorCode;
  message: string;
  path?: (string | number)[];
  issues?: Issue[];
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly path?: (string | number)[];
  readonly issues?: Issue[];

  constructor(code: ErrorCode, message: string, opts: { path?: (string | number)[]; issues?: Issue[] } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.path = opts.path;
    this.issues = opts.issues;
  }

  toPayload(): AppErrorPayload {
    return {
      code: this.code,
      message: this.message,
      ...(this.path ? { path: this.path } : {}),
      ...(this.issues ? { issues: this.issues } : {}),
    };
  }

  static fromPayload(p: AppErrorPayload): AppError {
    return new AppError(p.code, p.message, { path: p.path, issues: p.issues });
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** Any thrown value as an error payload: an AppError as it is, anything else as INTERNAL with its message (a worker's reply). */
export function errorPayload(e: unknown): AppErrorPayload {
  return isAppError(e) ? e.toPayload() : { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

/** Turns zod issues into our serialisable issue list (paths kept, symbols dropped). */
export function issuesFromZod(error: ZodError): Issue[] {
  return error.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
    code: i.code,
  }));
}

/** A VALIDATION error listing every problem zod found, each with its path. */
export function validationError(what: string, error: ZodError): AppError {
  const issues = issuesFromZod(error);
  const first = issues[0];
  const where = first && first.path.length ? ` at ${first.path.join('.')}` : '';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return new AppError('VALIDATION', `${what}: ${first?.message ?? 'invalid'}${where}${more}`, {
    path: first?.path,
    issues,
  });
}

/** Words a club organiser can act on, per code; the specific message follows. */
export const ERROR_TITLES: Record<ErrorCode, string> = {
  VALIDATION: 'Some details are not valid',
  NOT_FOUND: 'Not found',
  CONFLICT: 'That clashes with what is already recorded',
  RULE_VIOLATION: 'The rules do not allow that',
  UNAUTHORIZED: 'This window is not authorised',
  FORBIDDEN: 'This link does not allow that',
  RATE_LIMITED: 'Too many requests at once',
  UNREACHABLE: 'The computer running the app is not answering',
  BAD_REQUEST: 'The request was not understood',
  DB_NEWER: 'This data was saved by a newer version of the app',
  DB_CORRUPT: 'The data file is damaged',
  LOCKED: 'The data folder is in use',
  CANCELLED: 'Cancelled',
  STORAGE: 'The data could not be saved to disk',
  UNAVAILABLE: 'League database unreachable',
  INTERNAL: 'Something went wrong inside the app',
};

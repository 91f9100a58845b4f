import { describe, expect, it } from 'vitest';
import { dbFailure } from '../../src-main/backend/db/dialect';
import { redactUrl } from '../../src-main/backend/db/league';

const err = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('what a database failure means, whichever database said it (db/dialect.ts)', () => {
  it.each([
    ['SQLite UNIQUE', err('UNIQUE constraint failed: players.id', 'SQLITE_CONSTRAINT_UNIQUE'), 'constraint'],
    ['PostgreSQL unique_violation', err('duplicate key value violates unique constraint', '23505'), 'constraint'],
    ['PostgreSQL foreign_key_violation', err('violates foreign key constraint', '23503'), 'constraint'],
    ['SQLite busy', err('database is locked', 'SQLITE_BUSY'), 'busy'],
    ['PostgreSQL serialization_failure', err('could not serialize access', '40001'), 'serialization'],
    ['PostgreSQL deadlock_detected', err('deadlock detected', '40P01'), 'serialization'],
    ['connection refused', err('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'unreachable'],
    ['admin shutdown', err('terminating connection due to administrator command', '57P01'), 'unreachable'],
    ['connection dropped', err('Connection terminated unexpectedly'), 'unreachable'],
    ['a bug', err('undefined is not a function'), undefined],
    ['SQLite full disk (the dispatcher says STORAGE)', err('database or disk is full', 'SQLITE_FULL'), undefined],
  ])('%s', (_name, e, meaning) => {
    expect(dbFailure(e)).toBe(meaning);
  });
});

describe('league URLs as they may be shown', () => {
  it.each([
    ['postgres://ana:s3cret@db.example.org:5432/league', 'postgres://ana@db.example.org:5432/league'],
    ['postgres://ana@db.example.org/league?sslmode=verify-full', 'postgres://ana@db.example.org/league?sslmode=verify-full'],
    ['postgresql://ana:p%40ss@10.0.0.2/league?password=x', 'postgresql://ana@10.0.0.2/league'],
    ['postgres://[broken', 'postgres://(unreadable URL)'],
  ])('%s → %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
    expect(redactUrl(url)).not.toMatch(/s3cret|p%40ss|password=/);
  });
});

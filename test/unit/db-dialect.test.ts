import { describe, expect, it } from 'vitest';
import { dbFailure } from '../../src-main/backend/db/dialect';
import { pgConnectionString, redactUrl } from '../../src-main/backend/db/league-url';

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

describe('league URLs as node-postgres is given them', () => {
  it.each([
    // node-postgres 8 checks certificate and host for these as for verify-full, which the README promises: asked for by name
    ['postgres://ana@db.example.org/league?sslmode=require', 'pw', 'postgres://ana:pw@db.example.org/league?sslmode=verify-full'],
    ['postgres://ana@db.example.org/league?sslmode=prefer', undefined, 'postgres://ana@db.example.org/league?sslmode=verify-full'],
    [
      'postgres://ana@db.example.org/league?sslmode=verify-ca&sslrootcert=%2Fca.pem',
      undefined,
      'postgres://ana@db.example.org/league?sslmode=verify-full&sslrootcert=%2Fca.pem',
    ],
    // what is already explicit, or asks for libpq's meaning, or no encryption, stays as written
    ['postgres://ana@db.example.org/league?sslmode=verify-full', undefined, 'postgres://ana@db.example.org/league?sslmode=verify-full'],
    [
      'postgres://ana@db.example.org/league?uselibpqcompat=true&sslmode=require',
      undefined,
      'postgres://ana@db.example.org/league?uselibpqcompat=true&sslmode=require',
    ],
    ['postgres://ana@db.example.org/league?sslmode=disable', 'p@ss', 'postgres://ana:p%40ss@db.example.org/league?sslmode=disable'],
    ['postgres://ana@db.example.org/league', undefined, 'postgres://ana@db.example.org/league'],
  ])('%s (password %s) → %s', (url, password, given) => {
    expect(pgConnectionString(url, password)).toBe(given);
  });
});

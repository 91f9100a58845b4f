import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../schema';

/**
 * The club's identity in the playtest bundles it sends (issue 36): a random
 * id, so the designer's desk tells its bundles from another club's, and the
 * secret its player pseudonyms are keyed with, so the same player has the
 * same pseudonym in every bundle of this club and nobody without the secret
 * can tell who it is. Kept in the settings table under keys the settings
 * screen does not know (readSettings reads only its own), made on first use.
 * A league push keeps each ledger's own (`ownValues`, db/ledger-copy.ts).
 */
export interface ClubIdentity {
  clubId: string;
  /** 32 random bytes, hex. */
  secret: string;
}

const CLUB_ID = 'playtest.clubId';
const SECRET = 'playtest.pseudonymSecret';

async function stored(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value_json').where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  try {
    const v = JSON.parse(row.value_json) as unknown;
    return typeof v === 'string' && v.length >= 32 ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The club's identity, made (and stored) when this ledger has none yet. Run it in a write transaction. */
export async function ensureClubIdentity(db: Db): Promise<ClubIdentity> {
  let clubId = await stored(db, CLUB_ID);
  let secret = await stored(db, SECRET);
  for (const [key, value] of [
    [CLUB_ID, clubId ? undefined : (clubId = randomUUID())],
    [SECRET, secret ? undefined : (secret = randomBytes(32).toString('hex'))],
  ] as const) {
    if (value === undefined) continue;
    const json = JSON.stringify(value);
    await db
      .insertInto('settings')
      .values({ key, value_json: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: json }))
      .execute();
  }
  return { clubId: clubId!, secret: secret! };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLeague } from '../../src-main/backend/db/league';
import { pgServer } from '../helpers/pg';
import { clusterBase, makeTestCertificates, startPgCluster, type PgCluster } from '../helpers/pg-cluster';

/**
 * sslmode as the README documents it, against a server with a certificate
 * from a CA of the test's own (a cluster of its own, about 2 s).
 */
describe.skipIf(!pgServer)('encryption in transit: sslmode and sslrootcert', () => {
  let cluster: PgCluster;
  let certs: ReturnType<typeof makeTestCertificates>;
  let certDir: string;
  beforeAll(async () => {
    // the server (user postgres) reads its certificate from here
    certDir = mkdtempSync(join(clusterBase(), 'aoa-certs-'));
    certs = makeTestCertificates(certDir);
    cluster = await startPgCluster(undefined, { ssl: { cert: certs.cert, key: certs.key } });
  });
  afterAll(() => {
    cluster?.stop();
    rmSync(certDir, { recursive: true, force: true });
  });

  const url = (query: string) => `${cluster.url()}?${query}`;

  it('verify-full with the league’s CA connects encrypted', async () => {
    const league = await openLeague({ url: url(`sslmode=verify-full&sslrootcert=${certs.ca}`) });
    try {
      const { rows } = await league.pool.query<{ ssl: boolean }>('select ssl from pg_stat_ssl where pid = pg_backend_pid()');
      expect(rows[0]!.ssl).toBe(true);
    } finally {
      await league.close();
    }
  });

  it('a certificate the CA file does not vouch for is refused in one line naming sslmode and the CA file', async () => {
    for (const q of [`sslmode=verify-full&sslrootcert=${certs.otherCa}`, 'sslmode=require']) {
      const e = await openLeague({ url: url(q) }).catch((x: Error) => x);
      expect(e, q).toMatchObject({
        code: 'VALIDATION',
        message: expect.stringMatching(/secure connection .* failed .*check sslmode and the CA file \(sslrootcert\)/),
      });
      expect((e as Error).message.split('\n')).toHaveLength(1);
    }
  });
});

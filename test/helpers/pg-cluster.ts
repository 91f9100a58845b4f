import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for the tests: initdb into a temporary
 * folder, pg_ctl start on 127.0.0.1 and a unix socket in the same folder,
 * trust authentication (nothing but this machine can reach it), stopped and
 * removed at the end. PostgreSQL refuses to run as root, so as root the
 * folder is given to the `postgres` user and the tools run through runuser.
 */
export interface PgCluster {
  /** The superuser the cluster was initialised with. */
  admin: string;
  port: number;
  /** The cluster's folder, which is also its unix-socket folder. */
  dir: string;
  /** A `postgres://` URL on 127.0.0.1 for a database (the default `postgres` one when not named). */
  url(database?: string, user?: string): string;
  stop(): void;
  start(): void;
}

const ADMIN = 'aoa_admin';
/** Roles in this group log in with a password even on the test cluster (create it, and a role IN ROLE it). */
export const PASSWORD_GROUP = 'aoa_password_users';

/** The folder holding initdb and pg_ctl: the newest /usr/lib/postgresql/N/bin, else wherever PATH has them; undefined when absent. */
export function pgBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return which.status === 0 && found ? found.replace(/\/initdb$/, '') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** Whether the `postgres` user can reach a folder: every folder above it must be searchable by others. */
function traversable(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if (!existsSync(d) || (statSync(d).mode & 0o001) === 0) return false;
    if (d === dirname(d)) return true;
  }
}

/**
 * Where the cluster's folder goes. As root the server runs as `postgres`,
 * which must be able to reach it, and a machine's temporary folder is not
 * always open to others (0700 /tmp): the first of these that is.
 */
export function clusterBase(): string {
  const candidates = [process.env.AOA_PG_TMP, tmpdir(), '/var/tmp', '/dev/shm'].filter((d): d is string => !!d);
  if (!isRoot()) return candidates[0]!;
  const found = candidates.find(traversable);
  if (!found) throw new Error(`No temporary folder the postgres user can reach (tried ${candidates.join(', ')}); set AOA_PG_TMP to one.`);
  return found;
}

function run(bin: string, args: string[]): void {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    execFileSync(cmd, argv, { stdio: 'pipe', encoding: 'utf8' });
  } catch (e) {
    const err = e as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${bin.split('/').pop()} failed: ${(err.stderr || err.stdout || err.message).trim()}`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Initialises and starts a cluster (about 2 s). Settings are for tests: no
 * fsync (the cluster dies with the run), the C locale (text sorts byte by
 * byte, as SQLite's does), enough connections for 8 clients and their pools.
 */
export async function startPgCluster(
  bin = pgBinDir(),
  settings: { durable?: boolean; fsync?: boolean; ssl?: { cert: string; key: string } } = {},
): Promise<PgCluster> {
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb found); on Debian: apt-get install postgresql');
  const dir = mkdtempSync(join(clusterBase(), 'aoa-pg-'));
  chmodSync(dir, 0o700);
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-U', ADMIN, '--auth=trust', '--no-locale', '--encoding=UTF8', '--no-sync']);
  // trust for everyone, except members of PASSWORD_GROUP, who must give their password (the wrong-password tests)
  const hba = join(data, 'pg_hba.conf');
  writeFileSync(hba, `host all +${PASSWORD_GROUP} 127.0.0.1/32 scram-sha-256\n` + readFileSync(hba, 'utf8'));
  const port = await freePort();
  const opts = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    `-c fsync=${settings.fsync ? 'on' : 'off'}`,
    // an acknowledged commit survives the server being killed only when it waits for its WAL (the fault test stops servers)
    `-c synchronous_commit=${settings.durable ? 'on' : 'off'}`,
    `-c full_page_writes=${settings.fsync ? 'on' : 'off'}`,
    '-c max_connections=200',
    ...(settings.ssl ? ['-c ssl=on', `-c ssl_cert_file=${settings.ssl.cert}`, `-c ssl_key_file=${settings.ssl.key}`] : []),
  ].join(' ');
  const start = () => run(join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', join(dir, 'server.log'), '-w', 'start']);
  const stopServer = (mode: 'fast' | 'immediate' = 'fast') => run(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  return {
    admin: ADMIN,
    port,
    dir,
    url: (database = 'postgres', user = ADMIN) => `postgres://${user}@127.0.0.1:${port}/${database}`,
    start,
    stop() {
      // once only: a teardown and an exit hook may both ask
      if (!existsSync(dir)) return;
      try {
        stopServer();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Stops the server without removing the cluster (a fault test restarts it with `start`). */
export function stopPgServer(cluster: PgCluster, bin = pgBinDir()!): void {
  run(join(bin, 'pg_ctl'), ['-D', join(cluster.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
}

/**
 * A throwaway certificate authority and a server certificate for
 * 127.0.0.1 signed by it (openssl), in `dir`, readable by the server: for
 * the sslmode tests. Returns the paths.
 */
export function makeTestCertificates(dir: string): { ca: string; cert: string; key: string; otherCa: string } {
  const f = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '2', '-subj', '/CN=aoa test CA');
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('other.key'), '-out', f('other-ca.pem'), '-days', '2', '-subj', '/CN=someone else');
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('server.key'), '-out', f('server.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(f('san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  ssl(
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-out',
    f('server.crt'),
    '-days',
    '2',
    '-extfile',
    f('san.ext'),
  );
  chmodSync(f('server.key'), 0o600);
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chmodSync(dir, 0o755);
    for (const n of ['server.crt', 'server.key']) chownSync(f(n), uid, gid);
  }
  return { ca: f('ca.pem'), cert: f('server.crt'), key: f('server.key'), otherCa: f('other-ca.pem') };
}

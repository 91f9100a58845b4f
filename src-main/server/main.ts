// Browser mode: the backend and the built renderer on 127.0.0.1, for
// machines where Electron cannot start and for the end-to-end tests.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AppError, ERROR_TITLES } from '../../src-shared/errors';
import { startBackend } from '../backend/backend';
import { chosenDatabase, defaultDataDir } from '../backend/paths';
import { readLeagueChoice } from '../backend/league-choice';
import { startBrowserServer } from './http-server';
import { forgetRunningServer, recordRunningServer } from '../backend/club-night/running-server';
import { rememberBrowserPort, rememberedBrowserPort } from './browser-port';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    database: { type: 'string' },
    port: { type: 'string' },
    'url-file': { type: 'string' },
    // club night (issue 35): also listen on this LAN address, for table and board links only
    'club-night': { type: 'boolean' },
    'lan-address': { type: 'string' },
    'lan-port': { type: 'string' },
  },
  allowPositionals: false,
});

const staticDir = join(root, process.env.AOA_OUT ?? 'out', 'renderer');
if (!existsSync(join(staticDir, 'index.html'))) {
  console.error('The renderer is not built yet: run `npm run build` first (npm run serve does this for you).');
  process.exit(2);
}

try {
  const backend = await startBackend({
    dataDir: values['data-dir'] ?? defaultDataDir(),
    mode: 'browser',
    // --database, AOA_DATABASE_URL, else the league saved in Settings (its password from the environment or pgpass here)
    database: chosenDatabase(values.database) ?? readLeagueChoice(values['data-dir'] ?? defaultDataDir())?.url,
    onInternalError: (ch, e) => console.error(`[${ch}]`, e),
  });
  const server = await startBrowserServer({
    dispatch: backend.dispatch,
    staticDir,
    // --port or AOA_PORT: exactly that one; else the port this data folder used last, when it is free
    ...(values.port || process.env.AOA_PORT
      ? { port: Number(values.port ?? process.env.AOA_PORT) }
      : { preferredPort: rememberedBrowserPort(backend.ctx.paths.dataDir) }),
    token: process.env.AOA_TOKEN || undefined,
    clubNight: backend.ctx,
  });
  rememberBrowserPort(backend.ctx.paths.dataDir, server.port);
  // the CLI's `club-night` commands reach this server through the data folder (private to its owner)
  recordRunningServer(backend.ctx.paths.dataDir, { url: `http://127.0.0.1:${server.port}`, token: server.token, pid: process.pid });
  if (values['url-file']) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(values['url-file'], server.url);
  }
  const where = backend.ctx.leagueLabel ? `league database: ${backend.ctx.leagueLabel}` : `data: ${backend.ctx.paths.dataDir}`;
  console.log(`Age of Ash Campaign Manager is running in browser mode (${where}).`);
  console.log(`Open ${server.url}`);
  if (values['club-night']) {
    if (!values['lan-address']) throw new AppError('VALIDATION', 'Club night needs --lan-address: the address of this computer on the club’s network.');
    const reply = await backend.dispatch('clubNight.start', {
      lanAddress: values['lan-address'],
      ...(values['lan-port'] ? { port: Number(values['lan-port']) } : {}),
    });
    if (!reply.ok) throw AppError.fromPayload(reply.error);
    console.log(`Club night is on: phones reach ${(reply.value as { baseUrl: string }).baseUrl} with a table's link.`);
  }
  const stop = async () => {
    forgetRunningServer(backend.ctx.paths.dataDir, process.pid);
    await server.close();
    await backend.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  const err = e instanceof AppError ? e : new AppError('INTERNAL', (e as Error).message);
  console.error(`${ERROR_TITLES[err.code]}: ${err.message}`);
  process.exit(1);
}

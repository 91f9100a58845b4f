// The Electron entry point: it hands the real Electron API and the backend
// worker to the shell (shell.ts), which is tested against a typed fake.
import * as electron from 'electron';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startBackendWorker } from '../backend/worker/backend-worker-client';
import { chosenDatabase, defaultDataDir } from '../backend/paths';
import { restoreBeforeStart, startFailurePrompt } from '../backend/maintenance/start-recovery';
import { startShell } from './shell';
import { savedLeague, type SecretBox } from '../backend/league-choice';

const { app } = electron;

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

/** better-sqlite3 built for Electron lives apart from the Node build the tests use. */
function electronNativeBinding(): string | undefined {
  const candidates = [join(process.resourcesPath ?? '', 'native', 'better_sqlite3.node'), join(app.getAppPath(), 'native', 'electron', 'better_sqlite3.node')];
  return candidates.find((p) => existsSync(p));
}

const dataDir = argValue('--data-dir') ?? process.env.AOA_DATA_DIR ?? app.getPath('userData') ?? defaultDataDir();

/** The league password, sealed by the operating system's keychain (safeStorage); none where it has no encryption to offer. */
function keychain(): SecretBox | undefined {
  const { safeStorage } = electron;
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  return {
    encrypt: async (text) => safeStorage.encryptString(text).toString('base64'),
    decrypt: async (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
  };
}

/** --database or AOA_DATABASE_URL, else the league saved in Settings (its password unsealed in memory), else the SQLite ledger. */
async function startTheBackend() {
  const secrets = keychain();
  const given = chosenDatabase(argValue('--database'));
  const saved = given ? undefined : await savedLeague(dataDir, secrets);
  return startBackendWorker({
    dataDir,
    mode: 'electron',
    nativeBinding: electronNativeBinding(),
    database: given ?? saved?.url,
    databasePassword: saved?.password,
    secrets,
  });
}

startShell(electron, {
  appUrl: pathToFileURL(join(__dirname, '../renderer/index.html')).toString(),
  preloadPath: join(__dirname, '../preload/index.cjs'),
  isMac: process.platform === 'darwin',
  // The backend runs in a worker thread, so SQLite work never blocks the window's main process.
  startBackend: startTheBackend,
  startFailurePrompt: (e) => startFailurePrompt(e, dataDir),
  restoreBeforeStart: (file) => void restoreBeforeStart(dataDir, file, electronNativeBinding()),
  writeFile: (path, bytes) => writeFile(path, bytes),
});

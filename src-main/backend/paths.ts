import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const PRODUCT_NAME = 'Age of Ash Campaign Manager';
export const DATA_DIR_ENV = 'AOA_DATA_DIR';

/** The league URL from the environment when no --database was given. */
const DATABASE_URL_ENV = 'AOA_DATABASE_URL';

/** The league database chosen by `--database URL`, else by $AOA_DATABASE_URL; undefined means the SQLite ledger in the data folder. */
export function chosenDatabase(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return flag || env[DATABASE_URL_ENV] || undefined;
}

/**
 * The folder Electron calls userData (appData/productName), computed without
 * Electron so that browser mode and the CLI use the same ledger by default.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env[DATA_DIR_ENV]) return resolve(env[DATA_DIR_ENV]!);
  const home = homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), PRODUCT_NAME);
}

export function ledgerPaths(dataDir: string) {
  const dir = resolve(dataDir);
  return {
    dataDir: dir,
    database: join(dir, 'ledger.sqlite'),
    backups: join(dir, 'backups'),
    /** Batch prints on their way back to the window (cleaned at start). */
    prints: join(dir, 'prints'),
    lock: join(dir, 'ledger.lock'),
  };
}

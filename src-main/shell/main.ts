// The Electron shell: thin glue between the window and the backend. Nothing
// here holds product logic; every request goes through the same dispatcher
// as browser mode and the CLI.
import { app, BrowserWindow, dialog, ipcMain, Menu, session, shell } from 'electron';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError, ERROR_TITLES } from '../../src-shared/errors';
import { startBackendWorker, type BackendWorker } from '../backend/worker/backend-worker-client';
import { defaultDataDir } from '../backend/paths';
import { restoreBeforeStart, startFailurePrompt } from '../backend/maintenance/start-recovery';
import { CONTENT_SECURITY_POLICY, isAllowedNavigation, windowOpenDecision } from '../security/policy';
import { INVOKE_CHANNEL, MENU_CHANNEL, SAVE_FILE_CHANNEL } from './ipc-names';
import { menuTemplate, type MenuAction } from './menu';
import { mainWindowOptions } from './window-options';

const rendererIndex = join(__dirname, '../renderer/index.html');
const appUrl = pathToFileURL(rendererIndex).toString();
// The backend runs in a worker thread, so SQLite work never blocks the window's main process.
let backend: BackendWorker | undefined;
let win: BrowserWindow | undefined;

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

function createWindow(): void {
  win = new BrowserWindow(mainWindowOptions(join(__dirname, '../preload/index.cjs')));
  win.once('ready-to-show', () => win?.show());
  void win.loadURL(appUrl);
  const send = (a: MenuAction) => win?.webContents.send(MENU_CHANNEL, a);
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(send, () => app.quit(), process.platform === 'darwin')));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAllowedNavigation(url, appUrl)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAllowedNavigation(url, appUrl)) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      const d = windowOpenDecision(url);
      if (d.openExternally) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });

  app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
    session.defaultSession.webRequest.onHeadersReceived((details, cb) => {
      cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
    });
    const dataDir = argValue('--data-dir') ?? process.env.AOA_DATA_DIR ?? app.getPath('userData') ?? defaultDataDir();
    const start = () => startBackendWorker({ dataDir, mode: 'electron', nativeBinding: electronNativeBinding() });
    try {
      backend = await start();
    } catch (e) {
      // A damaged ledger: offer the newest backup (the damaged file is set aside, never overwritten).
      const prompt = startFailurePrompt(e, dataDir);
      const choice = prompt.restoreFile
        ? (
            await dialog.showMessageBox({
              type: 'error',
              title: prompt.title,
              message: prompt.title,
              detail: prompt.message,
              buttons: prompt.buttons,
              defaultId: 0,
              cancelId: 1,
            })
          ).response
        : (dialog.showErrorBox(prompt.title, prompt.message), 1);
      try {
        if (choice !== 0 || !prompt.restoreFile) throw e;
        restoreBeforeStart(dataDir, prompt.restoreFile, electronNativeBinding());
        backend = await start();
      } catch (again) {
        const err = again instanceof AppError ? again : new AppError('INTERNAL', String(again));
        if (again !== e) dialog.showErrorBox(ERROR_TITLES[err.code], err.message);
        app.exit(1);
        return;
      }
    }
    ipcMain.handle(INVOKE_CHANNEL, (event, channel: unknown, input: unknown) => {
      if (event.senderFrame?.url && !isAllowedNavigation(event.senderFrame.url, appUrl)) {
        return { ok: false, error: new AppError('UNAUTHORIZED', 'Request from an unknown page.').toPayload() };
      }
      return backend!.dispatch(channel, input);
    });
    ipcMain.handle(SAVE_FILE_CHANNEL, async (_event, suggestedName: string, base64: string) => {
      const r = await dialog.showSaveDialog(win!, { defaultPath: suggestedName });
      if (r.canceled || !r.filePath) return { saved: false };
      await writeFile(r.filePath, Buffer.from(base64, 'base64'));
      return { saved: true, path: r.filePath };
    });
    createWindow();
  });

  app.on('window-all-closed', async () => {
    await backend?.close();
    app.quit();
  });
}

// The Electron shell: thin glue between the window and the backend. Nothing
// here holds product logic; every request goes through the same dispatcher
// as browser mode and the CLI. Electron itself is passed in (electron-api.ts)
// so this module runs under test against a typed fake.
import { z } from 'zod';
import type { Dispatch } from '../backend/dispatcher';
import { AppError, ERROR_TITLES } from '../../src-shared/errors';
import { CONTENT_SECURITY_POLICY, isAllowedNavigation, windowOpenDecision } from '../security/policy';
import type { ShellElectron, ShellWebContents, ShellWindow } from './electron-api';
import { INVOKE_CHANNEL, MENU_CHANNEL, SAVE_FILE_CHANNEL } from './ipc-names';
import { menuTemplate, type MenuAction } from './menu';
import { mainWindowOptions } from './window-options';

interface ShellBackend {
  dispatch: Dispatch;
  close(): Promise<void>;
}

export interface ShellDeps {
  /** The page the window loads (file:// URL of the built renderer). */
  appUrl: string;
  preloadPath: string;
  isMac: boolean;
  startBackend(): Promise<ShellBackend>;
  /** What the user is offered when the ledger cannot be opened (a damaged ledger offers its newest backup). */
  startFailurePrompt(error: unknown): { title: string; message: string; buttons: string[]; restoreFile?: string };
  restoreBeforeStart(file: string): void;
  writeFile(path: string, bytes: Buffer): Promise<void>;
}

/** The save-file request from the preload, parsed like every other request at the boundary. */
const saveFileArgs = z.tuple([z.string().min(1).max(255), z.string().max(200 * 1024 * 1024)]);

export interface RunningShell<W extends ShellWindow> {
  /** Resolves once the window is created (or the app has given up and exited). */
  ready: Promise<void>;
  window(): W | undefined;
}

export function startShell<W extends ShellWindow, M>(electron: ShellElectron<W, M>, deps: ShellDeps): RunningShell<W> | null {
  const { app, BrowserWindow, dialog, ipcMain, Menu, session, shell } = electron;
  let backend: ShellBackend | undefined;
  let win: W | undefined;

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }

  const allowed = (url: string) => isAllowedNavigation(url, deps.appUrl);

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('web-contents-created', (_e: unknown, contents: ShellWebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!allowed(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!allowed(url)) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      if (windowOpenDecision(url).openExternally) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });

  app.on('window-all-closed', () => {
    void (async () => {
      await backend?.close();
      app.quit();
    })();
  });

  /** Opens the ledger; a damaged one offers its newest backup, anything else ends the app with a message. */
  async function openBackend(): Promise<ShellBackend | undefined> {
    try {
      return await deps.startBackend();
    } catch (e) {
      const prompt = deps.startFailurePrompt(e);
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
        deps.restoreBeforeStart(prompt.restoreFile);
        return await deps.startBackend();
      } catch (again) {
        const err = again instanceof AppError ? again : new AppError('INTERNAL', String(again));
        if (again !== e) dialog.showErrorBox(ERROR_TITLES[err.code], err.message);
        app.exit(1);
        return undefined;
      }
    }
  }

  function createWindow(): void {
    const w = new BrowserWindow(mainWindowOptions(deps.preloadPath));
    win = w;
    w.once('ready-to-show', () => w.show());
    void w.loadURL(deps.appUrl);
    const send = (a: MenuAction) => w.webContents.send(MENU_CHANNEL, a);
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(send, () => app.quit(), deps.isMac)));
  }

  const ready = app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
    session.defaultSession.webRequest.onHeadersReceived((details, cb) => {
      cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
    });
    backend = await openBackend();
    if (!backend) return;
    const dispatch = backend.dispatch;
    ipcMain.handle(INVOKE_CHANNEL, (event, channel: unknown, input: unknown) => {
      if (!event.senderFrame || !allowed(event.senderFrame.url)) {
        return { ok: false, error: new AppError('UNAUTHORIZED', 'Request from an unknown page.').toPayload() };
      }
      return dispatch(channel, input);
    });
    ipcMain.handle(SAVE_FILE_CHANNEL, async (event, ...args: unknown[]) => {
      if (!event.senderFrame || !allowed(event.senderFrame.url)) return { saved: false };
      const parsed = saveFileArgs.safeParse(args);
      if (!parsed.success) return { saved: false };
      const [suggestedName, base64] = parsed.data;
      const r = await dialog.showSaveDialog(win!, { defaultPath: suggestedName });
      if (r.canceled || !r.filePath) return { saved: false };
      await deps.writeFile(r.filePath, Buffer.from(base64, 'base64'));
      return { saved: true, path: r.filePath };
    });
    createWindow();
  });

  return { ready, window: () => win };
}

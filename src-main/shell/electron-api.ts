import type { BrowserWindowConstructorOptions, MenuItemConstructorOptions, MessageBoxOptions, SaveDialogOptions } from 'electron';

/**
 * The part of Electron's API the shell uses, and nothing more. main.ts hands
 * the real `electron` module in (so TypeScript checks that Electron really
 * has this shape); tests hand a typed fake in, since no machine here can
 * launch Electron.
 */

export interface ShellWebContents {
  send(channel: string, ...args: unknown[]): void;
  on(event: 'will-navigate', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
}

export interface ShellWindow {
  readonly webContents: ShellWebContents;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  loadURL(url: string): Promise<void>;
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
}

export interface ShellIpcEvent {
  senderFrame: { url: string } | null;
}

/** W and M are Electron's BrowserWindow and Menu, or the fake's. */
export interface ShellElectron<W extends ShellWindow = ShellWindow, M = unknown> {
  app: {
    requestSingleInstanceLock(): boolean;
    quit(): void;
    exit(code?: number): void;
    whenReady(): Promise<void>;
    getPath(name: 'userData'): string;
    getAppPath(): string;
    on(event: 'second-instance', listener: () => void): unknown;
    on(event: 'window-all-closed', listener: () => void): unknown;
    on(event: 'web-contents-created', listener: (event: unknown, contents: ShellWebContents) => void): unknown;
  };
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => W;
  ipcMain: { handle(channel: string, listener: (event: ShellIpcEvent, ...args: unknown[]) => unknown): void };
  dialog: {
    showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
    showErrorBox(title: string, content: string): void;
    showSaveDialog(window: W, options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  };
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): M; setApplicationMenu(menu: M): void };
  session: {
    defaultSession: {
      setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
      webRequest: {
        onHeadersReceived(
          listener: (
            details: { responseHeaders?: Record<string, string[]> },
            callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
          ) => void,
        ): void;
      };
    };
  };
  shell: { openExternal(url: string): Promise<void> };
}

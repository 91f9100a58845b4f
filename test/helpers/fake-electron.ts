import type { BrowserWindowConstructorOptions, MenuItemConstructorOptions, MessageBoxOptions, SaveDialogOptions } from 'electron';
import type { ShellElectron, ShellIpcEvent, ShellWebContents, ShellWindow } from '../../src-main/shell/electron-api';

type Listener = (...args: any[]) => unknown;

/** Listeners by event name, so a test can emit what Electron would. */
class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]): unknown[] {
    return (this.listeners.get(event) ?? []).map((l) => l(...args));
  }
}

class FakeWebContents extends Emitter implements ShellWebContents {
  readonly sent: [string, unknown[]][] = [];
  openHandler: ((d: { url: string }) => { action: 'deny' } | { action: 'allow' }) | undefined;
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, args]);
  }
  setWindowOpenHandler(handler: (d: { url: string }) => { action: 'deny' } | { action: 'allow' }): void {
    this.openHandler = handler;
  }
  /** Emits a navigation and says whether the shell prevented it. */
  navigate(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

export class FakeWindow extends Emitter implements ShellWindow {
  readonly webContents = new FakeWebContents();
  loaded: string[] = [];
  shown = false;
  minimized = false;
  focused = 0;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
  }
  show(): void {
    this.shown = true;
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  focus(): void {
    this.focused += 1;
  }
}

export interface FakeMenu {
  template: MenuItemConstructorOptions[];
}

/** A stand-in for the `electron` module with the shape the shell uses, recording what the shell did. */
export class FakeElectron implements ShellElectron<FakeWindow, FakeMenu> {
  readonly windows: FakeWindow[] = [];
  readonly handlers = new Map<string, (event: ShellIpcEvent, ...args: unknown[]) => unknown>();
  readonly calls: string[] = [];
  readonly errorBoxes: [string, string][] = [];
  readonly messageBoxes: MessageBoxOptions[] = [];
  readonly saveDialogs: SaveDialogOptions[] = [];
  readonly opened: string[] = [];
  appMenu: FakeMenu | undefined;
  permissionHandler: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | undefined;
  headersListener:
    ((d: { responseHeaders?: Record<string, string[]> }, cb: (r: { responseHeaders?: Record<string, string | string[]> }) => void) => void) | undefined;
  /** What the next message box answers (0 = the first button) and the save dialog returns. */
  messageBoxResponse = 0;
  saveDialogResult: { canceled: boolean; filePath?: string } = { canceled: true };
  exitCode: number | undefined;

  private readonly appEvents = new Emitter();
  private readyResolve!: () => void;
  private readonly readyPromise = new Promise<void>((r) => (this.readyResolve = r));

  constructor(private readonly singleInstance = true) {}

  readonly app: ShellElectron['app'] = {
    requestSingleInstanceLock: () => this.singleInstance,
    quit: () => void this.calls.push('quit'),
    exit: (code?: number) => {
      this.exitCode = code ?? 0;
      this.calls.push('exit');
    },
    whenReady: () => this.readyPromise,
    getPath: () => '/nonexistent/userData',
    getAppPath: () => '/nonexistent/app',
    on: (event: string, listener: Listener) => this.appEvents.on(event, listener),
  };

  readonly BrowserWindow = ((fake: FakeElectron) =>
    class extends FakeWindow {
      constructor(options: BrowserWindowConstructorOptions) {
        super(options);
        fake.windows.push(this);
      }
    })(this);

  readonly ipcMain = {
    handle: (channel: string, listener: (event: ShellIpcEvent, ...args: unknown[]) => unknown) => void this.handlers.set(channel, listener),
  };

  readonly dialog = {
    showMessageBox: async (o: MessageBoxOptions) => {
      this.messageBoxes.push(o);
      return { response: this.messageBoxResponse };
    },
    showErrorBox: (title: string, content: string) => void this.errorBoxes.push([title, content]),
    showSaveDialog: async (_w: FakeWindow, o: SaveDialogOptions) => {
      this.saveDialogs.push(o);
      return this.saveDialogResult;
    },
  };

  readonly Menu = {
    buildFromTemplate: (template: MenuItemConstructorOptions[]): FakeMenu => ({ template }),
    setApplicationMenu: (m: FakeMenu) => void (this.appMenu = m),
  };

  readonly session = {
    defaultSession: {
      setPermissionRequestHandler: (h: NonNullable<FakeElectron['permissionHandler']>) => void (this.permissionHandler = h),
      webRequest: { onHeadersReceived: (l: NonNullable<FakeElectron['headersListener']>) => void (this.headersListener = l) },
    },
  };

  readonly shell = { openExternal: async (url: string) => void this.opened.push(url) };

  /** Electron becoming ready. */
  ready(): void {
    this.readyResolve();
  }

  emitApp(event: string, ...args: unknown[]): void {
    this.appEvents.emit(event, ...args);
  }

  /** A renderer call on an IPC channel, from a page at `url` (null: no frame). */
  async invoke(channel: string, url: string | null, ...args: unknown[]): Promise<unknown> {
    const h = this.handlers.get(channel);
    if (!h) throw new Error(`nothing handles ${channel}`);
    return h({ senderFrame: url === null ? null : { url } }, ...args);
  }
}

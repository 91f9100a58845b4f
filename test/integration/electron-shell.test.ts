import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { INVOKE_CHANNEL, MENU_CHANNEL, SAVE_FILE_CHANNEL } from '../../src-main/shell/ipc-names';
import { createPreloadBridge, type BridgeIpc } from '../../src-main/shell/preload-bridge';
import { startShell, type ShellDeps } from '../../src-main/shell/shell';
import { CONTENT_SECURITY_POLICY } from '../../src-main/security/policy';
import { CHANNELS } from '../../src-shared/contract';
import { wireReplySchema } from '../../src-shared/contract/define';
import { AppError } from '../../src-shared/errors';
import { FakeElectron } from '../helpers/fake-electron';
import { useTempDirs } from '../helpers/tmp';

/**
 * The Electron shell is the one part of the app no machine here can launch,
 * so it runs against a typed fake of the Electron API (test/helpers/fake-electron.ts,
 * checked against Electron's own types by main.ts passing the real module to the same function).
 */

const tmp = useTempDirs();
const APP_URL = 'file:///opt/aoa/resources/app/out/renderer/index.html';

/** A backend that answers every request with null. */
const quietBackend = () => ({ dispatch: async () => ({ ok: true as const, value: null }), close: async () => undefined });
/** A backend start that fails with `e`. */
const failingStart = (e: unknown) => async (): Promise<never> => {
  throw e;
};

function deps(over: Partial<ShellDeps> = {}): ShellDeps & { written: [string, Buffer][] } {
  const written: [string, Buffer][] = [];
  return {
    appUrl: APP_URL,
    preloadPath: '/opt/aoa/out/preload/index.cjs',
    isMac: false,
    startBackend: async () => quietBackend(),
    startFailurePrompt: (e) => ({ title: 'Failed', message: String(e), buttons: ['Quit'] }),
    restoreBeforeStart: () => undefined,
    writeFile: async (path, bytes) => void written.push([path, bytes]),
    written,
    ...over,
  };
}

async function launch(fake: FakeElectron, d: ShellDeps) {
  const shell = startShell(fake, d);
  fake.ready();
  await shell?.ready;
  return shell;
}

describe('the Electron shell, against a typed fake of Electron', () => {
  it('opens one window with sandbox and context isolation on, no Node integration, the preload and the app page only', async () => {
    const fake = new FakeElectron();
    await launch(fake, deps());
    expect(fake.windows).toHaveLength(1);
    const w = fake.windows[0]!;
    expect(w.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      preload: '/opt/aoa/out/preload/index.cjs',
    });
    expect(w.options.show).toBe(false);
    expect(w.loaded).toEqual([APP_URL]);
    w.emit('ready-to-show');
    expect(w.shown).toBe(true);
  });

  it('registers exactly the invoke and save-file IPC handlers, and every contract channel reaches the dispatcher through invoke', async () => {
    const backend = await startBackend({ dataDir: tmp(), mode: 'test' });
    try {
      const fake = new FakeElectron();
      await launch(fake, deps({ startBackend: async () => backend }));
      expect([...fake.handlers.keys()].sort()).toEqual([INVOKE_CHANNEL, SAVE_FILE_CHANNEL].sort());
      for (const channel of CHANNELS) {
        const reply = wireReplySchema.parse(await fake.invoke(INVOKE_CHANNEL, APP_URL, channel, { __probe: true }));
        // every channel is known to the dispatcher: the answer is a result or a typed refusal, never "no such request"
        if (!reply.ok) expect(reply.error.message, channel).not.toMatch(/There is no request called/);
      }
      expect(await fake.invoke(INVOKE_CHANNEL, APP_URL, 'no.such', {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    } finally {
      await backend.close();
    }
  });

  it('answers only the app page: a request from another page, or from no frame, is refused before the backend sees it', async () => {
    const seen: unknown[] = [];
    const fake = new FakeElectron();
    await launch(
      fake,
      deps({ startBackend: async () => ({ dispatch: async (c) => (seen.push(c), { ok: true, value: null }), close: async () => undefined }) }),
    );
    expect(await fake.invoke(INVOKE_CHANNEL, 'https://evil.example/', 'settings.get', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect(await fake.invoke(INVOKE_CHANNEL, null, 'settings.get', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect(await fake.invoke(INVOKE_CHANNEL, 'file:///etc/passwd', 'settings.get', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect(seen).toEqual([]);
    expect(await fake.invoke(INVOKE_CHANNEL, `${APP_URL}#/campaigns`, 'settings.get', {})).toEqual({ ok: true, value: null });
    expect(seen).toEqual(['settings.get']);
  });

  it('denies navigation away from the app and every new window; only web links open in the system browser', async () => {
    const fake = new FakeElectron();
    await launch(fake, deps());
    const contents = fake.windows[0]!.webContents;
    fake.emitApp('web-contents-created', {}, contents);
    expect(contents.navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.navigate('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(contents.navigate('will-navigate', 'javascript:alert(1)')).toBe(true);
    expect(contents.navigate('will-navigate', `${APP_URL}#/journal`)).toBe(false);
    for (const url of ['https://example.org/rules', 'http://example.org/', 'file:///etc/passwd', 'javascript:alert(1)', 'about:blank']) {
      expect(contents.openHandler!({ url })).toEqual({ action: 'deny' });
    }
    await Promise.resolve();
    expect(fake.opened).toEqual(['https://example.org/rules', 'http://example.org/']);
  });

  it('denies every permission and adds the strict CSP to every response', async () => {
    const fake = new FakeElectron();
    await launch(fake, deps());
    const granted: boolean[] = [];
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal']) fake.permissionHandler!({}, p, (g) => granted.push(g));
    expect(granted).toEqual([false, false, false, false]);
    let headers: Record<string, string | string[]> | undefined;
    fake.headersListener!({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => (headers = r.responseHeaders));
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  it('a second copy quits at once and registers nothing; a second launch focuses the open window', async () => {
    const second = new FakeElectron(false);
    expect(startShell(second, deps())).toBeNull();
    expect(second.calls).toEqual(['quit']);
    expect(second.handlers.size).toBe(0);
    expect(second.windows).toHaveLength(0);

    const first = new FakeElectron();
    await launch(first, deps());
    const w = first.windows[0]!;
    w.minimized = true;
    first.emitApp('second-instance');
    expect(w.minimized).toBe(false);
    expect(w.focused).toBe(1);
  });

  it('builds the application menu; its items send their action to the window, Quit quits', async () => {
    const fake = new FakeElectron();
    await launch(fake, deps());
    const items = fake.appMenu!.template.flatMap((m) => (Array.isArray(m.submenu) ? m.submenu : []));
    const item = (label: string) => items.find((i) => i.label === label)!;
    (item('New Campaign…').click as () => void)();
    (item('Field Manual crib sheet').click as () => void)();
    expect(fake.windows[0]!.webContents.sent).toEqual([
      [MENU_CHANNEL, ['new-campaign']],
      [MENU_CHANNEL, ['field-manual']],
    ]);
    (item('Quit').click as () => void)();
    expect(fake.calls).toContain('quit');
    expect(fake.appMenu!.template.some((m) => m.role === 'appMenu')).toBe(false);
  });

  it('saves a file only where the user chose in the save dialog, and refuses malformed requests', async () => {
    const fake = new FakeElectron();
    const d = deps();
    await launch(fake, d);
    expect(await fake.invoke(SAVE_FILE_CHANNEL, APP_URL, 'army.pdf', Buffer.from('PDF').toString('base64'))).toEqual({ saved: false });
    expect(fake.saveDialogs).toEqual([{ defaultPath: 'army.pdf' }]);
    fake.saveDialogResult = { canceled: false, filePath: '/home/organiser/army.pdf' };
    expect(await fake.invoke(SAVE_FILE_CHANNEL, APP_URL, 'army.pdf', Buffer.from('PDF').toString('base64'))).toEqual({
      saved: true,
      path: '/home/organiser/army.pdf',
    });
    expect(d.written.map(([p, b]) => [p, b.toString()])).toEqual([['/home/organiser/army.pdf', 'PDF']]);
    // no name, a non-string body, or another page: no dialog, nothing written
    expect(await fake.invoke(SAVE_FILE_CHANNEL, APP_URL, '', 'UERG')).toEqual({ saved: false });
    expect(await fake.invoke(SAVE_FILE_CHANNEL, APP_URL, 'x.pdf', { toString: 1 })).toEqual({ saved: false });
    expect(await fake.invoke(SAVE_FILE_CHANNEL, 'https://evil.example/', 'x.pdf', 'UERG')).toEqual({ saved: false });
    expect(fake.saveDialogs).toHaveLength(2);
    expect(d.written).toHaveLength(1);
  });

  it('closing the last window closes the backend, then quits', async () => {
    let closed = false;
    const fake = new FakeElectron();
    await launch(fake, deps({ startBackend: async () => ({ dispatch: async () => ({ ok: true, value: null }), close: async () => void (closed = true) }) }));
    fake.emitApp('window-all-closed');
    await new Promise((r) => setTimeout(r, 0));
    expect(closed).toBe(true);
    expect(fake.calls).toContain('quit');
  });

  it('a damaged ledger offers its newest backup: accepted, it restores and starts; refused, the app exits with nothing opened', async () => {
    const damaged = new AppError('DB_CORRUPT', 'The ledger file is damaged.');
    const prompt = { title: 'The ledger is damaged', message: 'Restore the newest backup?', buttons: ['Restore', 'Quit'], restoreFile: 'backup-1.sqlite' };

    let attempts = 0;
    const restored: string[] = [];
    const accept = new FakeElectron();
    accept.messageBoxResponse = 0;
    await launch(
      accept,
      deps({
        startBackend: async () => {
          if (attempts++ === 0) throw damaged;
          return quietBackend();
        },
        startFailurePrompt: () => prompt,
        restoreBeforeStart: (f) => void restored.push(f),
      }),
    );
    expect(accept.messageBoxes[0]).toMatchObject({ type: 'error', title: prompt.title, detail: prompt.message, buttons: ['Restore', 'Quit'] });
    expect(restored).toEqual(['backup-1.sqlite']);
    expect(accept.windows).toHaveLength(1);
    expect(accept.exitCode).toBeUndefined();

    const refuse = new FakeElectron();
    refuse.messageBoxResponse = 1;
    await launch(
      refuse,
      deps({
        startBackend: failingStart(damaged),
        startFailurePrompt: () => prompt,
      }),
    );
    expect(refuse.exitCode).toBe(1);
    expect(refuse.windows).toHaveLength(0);
    expect(refuse.handlers.size).toBe(0);

    const locked = new FakeElectron();
    await launch(
      locked,
      deps({
        startBackend: failingStart(new AppError('LOCKED', 'in use')),
        startFailurePrompt: () => ({ title: 'The data folder is in use', message: 'in use', buttons: ['Quit'] }),
      }),
    );
    expect(locked.errorBoxes).toEqual([['The data folder is in use', 'in use']]);
    expect(locked.messageBoxes).toEqual([]);
    expect(locked.exitCode).toBe(1);
  });
});

describe('the preload bridge, against a fake ipcRenderer', () => {
  function fakeIpc() {
    const invoked: unknown[][] = [];
    const listeners = new Map<string, ((e: unknown, ...a: unknown[]) => void)[]>();
    const ipc: BridgeIpc = {
      invoke: async (...args) => (invoked.push(args), { ok: true, value: null }),
      on: (ch, l) => listeners.set(ch, [...(listeners.get(ch) ?? []), l]),
      removeListener: (ch, l) =>
        listeners.set(
          ch,
          (listeners.get(ch) ?? []).filter((x) => x !== l),
        ),
    };
    return { ipc, invoked, listeners };
  }

  it('exposes only invoke, saveFile and onMenu; carries contract channels and refuses any other name without IPC', async () => {
    const { ipc, invoked } = fakeIpc();
    const bridge = createPreloadBridge(ipc, CHANNELS);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'onMenu', 'saveFile']);
    for (const c of CHANNELS) await bridge.invoke(c, { x: 1 });
    expect(invoked).toEqual(CHANNELS.map((c) => [INVOKE_CHANNEL, c, { x: 1 }]));
    await expect(bridge.invoke('__proto__', {})).rejects.toThrow(/Unknown channel/);
    await expect(bridge.invoke('aoa:save-file', {})).rejects.toThrow(/Unknown channel/);
    expect(invoked).toHaveLength(CHANNELS.length);
  });

  it('menu actions reach the listener until it unsubscribes', () => {
    const { ipc, listeners } = fakeIpc();
    const bridge = createPreloadBridge(ipc, CHANNELS);
    const got: string[] = [];
    const off = bridge.onMenu((a) => got.push(a));
    listeners.get(MENU_CHANNEL)!.forEach((l) => l({}, 'print'));
    off();
    expect(listeners.get(MENU_CHANNEL)).toEqual([]);
    expect(got).toEqual(['print']);
  });
});

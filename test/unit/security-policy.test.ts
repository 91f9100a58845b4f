import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  isAllowedHost,
  isAllowedNavigation,
  isAllowedOrigin,
  SECURE_WEB_PREFERENCES,
  tokensEqual,
  windowOpenDecision,
} from '../../src-main/security/policy';
import { mainWindowOptions } from '../../src-main/shell/window-options';
import { menuTemplate, type MenuAction } from '../../src-main/shell/menu';

const APP = 'file:///opt/aoa/resources/app/out/renderer/index.html';

describe('Electron window settings', () => {
  it('keep isolation and the sandbox on and Node out of the renderer', () => {
    const o = mainWindowOptions('/x/preload/index.cjs');
    expect(o.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      preload: '/x/preload/index.cjs',
    });
    expect(SECURE_WEB_PREFERENCES.allowRunningInsecureContent).toBe(false);
  });
});

describe('navigation guard', () => {
  it.each([
    [APP, true],
    [`${APP}#/campaigns`, true],
    ['file:///etc/passwd', false],
    ['https://example.com/', false],
    ['http://127.0.0.1:1234/', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedNavigation(url, APP)).toBe(allowed);
  });

  it('allows the same page in browser mode but not another origin', () => {
    const app = 'http://127.0.0.1:4000/';
    expect(isAllowedNavigation('http://127.0.0.1:4000/#/play', app)).toBe(true);
    expect(isAllowedNavigation('http://127.0.0.1:4001/', app)).toBe(false);
  });

  it('denies every new window, handing only web links to the OS browser', () => {
    expect(windowOpenDecision('https://example.com')).toEqual({ action: 'deny', openExternally: true });
    expect(windowOpenDecision('file:///etc/passwd')).toEqual({ action: 'deny', openExternally: false });
    expect(windowOpenDecision('javascript:alert(1)')).toEqual({ action: 'deny', openExternally: false });
  });
});

describe('content security policy', () => {
  const directives = Object.fromEntries(
    CONTENT_SECURITY_POLICY.split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );
  it('allows scripts only from the app itself, never inline or eval', () => {
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('browser mode host and origin checks', () => {
  it.each([
    ['127.0.0.1:4000', true],
    ['localhost:4000', true],
    ['127.0.0.1:4001', false],
    ['evil.example:4000', false],
    [undefined, false],
  ])('Host %s → %s', (host, ok) => expect(isAllowedHost(host, 4000)).toBe(ok));

  it.each([
    [undefined, true],
    ['http://127.0.0.1:4000', true],
    ['http://evil.example', false],
    ['null', false],
  ])('Origin %s → %s', (origin, ok) => expect(isAllowedOrigin(origin, 4000)).toBe(ok));

  it('compares tokens exactly', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abd', 'abc')).toBe(false);
    expect(tokensEqual(undefined, 'abc')).toBe(false);
    expect(tokensEqual('ab', 'abc')).toBe(false);
  });
});

describe('application menu', () => {
  it('has File (new campaign, open backup, print, quit) and Help (Field Manual, about)', () => {
    const sent: MenuAction[] = [];
    let quit = 0;
    const tpl = menuTemplate(
      (a) => sent.push(a),
      () => quit++,
      false,
    );
    const items = tpl.flatMap((m) => (Array.isArray(m.submenu) ? m.submenu : []));
    for (const item of items) (item.click as (() => void) | undefined)?.();
    expect(sent).toEqual(['new-campaign', 'open-backup', 'print', 'field-manual', 'about']);
    expect(quit).toBe(1);
  });
});

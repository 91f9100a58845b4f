/**
 * Security settings as plain data and pure functions, so tests can check
 * them without Electron. The shell and browser mode both use these.
 */

/** The Content-Security-Policy of every renderer page, in both transports. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine writes CSS variables into a <style> element and style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // print previews show a generated PDF from a blob: URL
  'frame-src blob:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** BrowserWindow webPreferences that must always hold. */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  spellcheck: true,
} as const;

/**
 * May the window go to this URL? Only the app's own page (and hash routes
 * within it) is allowed; everything else is refused.
 */
export function isAllowedNavigation(targetUrl: string, appUrl: string): boolean {
  let target: URL;
  let app: URL;
  try {
    target = new URL(targetUrl);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (target.protocol !== app.protocol) return false;
  if (target.protocol === 'file:') return target.pathname === app.pathname;
  return target.origin === app.origin && target.pathname === app.pathname;
}

/** Every request for a new window is denied; web links may be handed to the OS browser. */
export function windowOpenDecision(url: string): { action: 'deny'; openExternally: boolean } {
  let openExternally = false;
  try {
    const u = new URL(url);
    openExternally = u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    openExternally = false;
  }
  return { action: 'deny', openExternally };
}

/** Browser mode answers only requests addressed to the loopback name it printed. */
export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  return hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`;
}

/** An Origin header, when a browser sends one, must be the app's own. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

/** Constant-time comparison of two tokens. */
export function tokensEqual(a: string | undefined, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Club night's LAN listener, while it is on: the address and port phones reach. */
export interface LanDoor {
  address: string;
  port: number;
}

/**
 * The LAN listener answers only requests addressed to its own address and
 * port, and only while club night is on (`lan` undefined: off, nothing passes).
 * Names are not accepted: a phone is given the address, and a name would let
 * a rebinding page reach it.
 */
export function isAllowedLanHost(hostHeader: string | undefined, lan: LanDoor | undefined): boolean {
  return lan !== undefined && hostHeader === `${lan.address}:${lan.port}`;
}

/** An Origin header on the LAN listener, when a browser sends one, must be the listener's own. */
export function isAllowedLanOrigin(origin: string | undefined, lan: LanDoor | undefined): boolean {
  if (lan === undefined) return false;
  return origin === undefined || origin === `http://${lan.address}:${lan.port}`;
}

/**
 * Addresses club night may not listen on: every interface at once (a stranger
 * on any network the laptop joins could knock) and the organiser's own
 * loopback, which keeps its launch token.
 */
export function lanAddressRefusal(address: string): string | undefined {
  if (address === '0.0.0.0') return 'Choose one of this computer’s addresses on the club’s network, not every address at once (0.0.0.0).';
  if (address === '127.0.0.1') return '127.0.0.1 is the organiser’s own address; choose the address of the club’s network.';
  return undefined;
}

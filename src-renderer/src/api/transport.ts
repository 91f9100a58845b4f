import { readReply, type ApiClient, type Transport } from '../../../src-shared/contract/wire-client';
import type { PreloadBridge } from '../../../src-shared/contract/bridge';
import type { WireReply } from '../../../src-shared/contract/define';
import { AppError } from '../../../src-shared/errors';
import { citeFieldManual } from '../../../src-shared/naming';
import { DEVICE_ID_CHANNELS } from '../../../src-shared/contract/device-id-channels';
import { deviceId } from '../phone/device';
import { invalidateDomains } from './query-client';

declare global {
  interface Window {
    aoa?: PreloadBridge;
  }
}

/** The request never reached the backend (no network, the server gone): nothing was done, and it may be sent again. */
export function isUnreachable(e: unknown): boolean {
  return e instanceof AppError && e.code === 'UNREACHABLE';
}

/**
 * In Electron the preload bridge carries calls; in browser mode, HTTP to the server. The organiser's page carries the
 * launch token; a club night phone's page carries none (`aoa-club`): its link's cookie, set when the link was opened,
 * goes with each request by itself.
 */
function httpTransport(): Transport {
  const token = document.querySelector<HTMLMetaElement>('meta[name="aoa-token"]')?.content;
  const phone = !!document.querySelector('meta[name="aoa-club"]');
  const unreachable = phone
    ? 'The organiser’s computer is not answering. Check this phone is on the club’s Wi-Fi, then try again.'
    : 'The app’s background service is not answering. Is `npm run serve` still running?';
  return async (channel, input) => {
    let res: Response;
    // a phone sends its own id with its side's requests (issue 42): with its link's cookie, it is this phone
    const sent = phone && DEVICE_ID_CHANNELS.has(channel) && typeof input === 'object' && input !== null ? { deviceId: deviceId(), ...input } : input;
    try {
      res = await fetch('/api/invoke', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { 'X-AoA-Token': token } : {}) },
        body: JSON.stringify({ channel, input: sent }),
      });
    } catch {
      return { ok: false, error: new AppError('UNREACHABLE', unreachable).toPayload() };
    }
    return (await res.json()) as WireReply;
  };
}

export const transportKind: 'electron' | 'browser' = window.aoa ? 'electron' : 'browser';

const wire: Transport = window.aoa ? (channel, input) => window.aoa!.invoke(channel, input) : httpTransport();

/**
 * The backend's refusals cite the team's digest; a player holds the Field Manual. Every refusal that reaches a screen
 * passes here, its message and each issue's cited by the Field Manual's section (citeFieldManual).
 */
const transport: Transport = async (channel, input) => {
  const reply = await wire(channel, input);
  if (reply.ok) return reply;
  const { error } = reply;
  return {
    ...reply,
    error: {
      ...error,
      message: citeFieldManual(error.message),
      ...(error.issues && { issues: error.issues.map((i) => ({ ...i, message: citeFieldManual(i.message) })) }),
    },
  };
};

/**
 * The typed client every screen calls. A write that succeeds refreshes the
 * cached reads of the domains its contract entry declares, which the
 * backend names in its reply (`written`): the renderer holds no copy of the
 * contract's schemas, so it starts sooner.
 */
export const api: ApiClient = {
  async call(channel, input) {
    const { value, written } = readReply(channel, await transport(channel, input));
    if (written.length) await invalidateDomains(written);
    return value as never;
  },
};

/** Saves bytes where the user chooses: a save dialog in Electron, a download in the browser. */
export async function saveFile(name: string, bytes: Uint8Array | string, mime = 'application/octet-stream'): Promise<boolean> {
  const base64 = typeof bytes === 'string' ? bytes : bytesToBase64(bytes);
  if (window.aoa) return (await window.aoa.saveFile(name, base64)).saved;
  const blob = new Blob([base64ToBytes(base64) as BlobPart], { type: mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

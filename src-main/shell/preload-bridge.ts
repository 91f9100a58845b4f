import type { WireReply } from '../../src-shared/contract/define';
import type { PreloadBridge } from '../../src-shared/contract/bridge';
import { INVOKE_CHANNEL, MENU_CHANNEL, SAVE_FILE_CHANNEL } from './ipc-names';

/** The part of Electron's ipcRenderer the bridge uses (preload.ts passes the real one, tests a fake). */
export interface BridgeIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * What the renderer sees as `window.aoa`: one typed call that only carries
 * contract channel names (`channels`: the contract's, which the build writes
 * into the preload so it holds no schema), a save dialog and menu actions.
 * No ipcRenderer, no Node.
 */
export function createPreloadBridge(ipc: BridgeIpc, channels: readonly string[]): PreloadBridge {
  const known = new Set<string>(channels);
  return {
    invoke(channel: string, input: unknown): Promise<WireReply> {
      if (!known.has(channel)) return Promise.reject(new Error(`Unknown channel ${channel}`));
      return ipc.invoke(INVOKE_CHANNEL, channel, input) as Promise<WireReply>;
    },
    saveFile(suggestedName: string, base64: string): Promise<{ saved: boolean; path?: string }> {
      return ipc.invoke(SAVE_FILE_CHANNEL, String(suggestedName), String(base64)) as Promise<{ saved: boolean; path?: string }>;
    },
    onMenu(listener: (action: string) => void): () => void {
      const wrapped = (_e: unknown, action: unknown) => listener(String(action));
      ipc.on(MENU_CHANNEL, wrapped);
      return () => ipc.removeListener(MENU_CHANNEL, wrapped);
    },
  };
}

import { contextBridge, ipcRenderer } from 'electron';
import { CHANNELS } from '../../src-shared/contract';
import type { WireReply } from '../../src-shared/contract/define';
import type { PreloadBridge } from '../../src-shared/contract/bridge';
import { INVOKE_CHANNEL, MENU_CHANNEL, SAVE_FILE_CHANNEL } from './ipc-names';

const known = new Set<string>(CHANNELS);

// The renderer sees exactly this object: one typed call per contract channel
// name, and a save dialog. No ipcRenderer, no Node.
const bridge: PreloadBridge = {
  invoke(channel: string, input: unknown): Promise<WireReply> {
    if (!known.has(channel)) return Promise.reject(new Error(`Unknown channel ${channel}`));
    return ipcRenderer.invoke(INVOKE_CHANNEL, channel, input) as Promise<WireReply>;
  },
  saveFile(suggestedName: string, base64: string): Promise<{ saved: boolean; path?: string }> {
    return ipcRenderer.invoke(SAVE_FILE_CHANNEL, String(suggestedName), String(base64)) as Promise<{ saved: boolean; path?: string }>;
  },
  onMenu(listener: (action: string) => void): () => void {
    const wrapped = (_e: unknown, action: unknown) => listener(String(action));
    ipcRenderer.on(MENU_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(MENU_CHANNEL, wrapped);
  },
};

contextBridge.exposeInMainWorld('aoa', bridge);

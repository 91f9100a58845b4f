import type { WireReply } from './define';

/** What the Electron preload exposes as `window.aoa`. Browser mode has no bridge. */
export interface PreloadBridge {
  invoke(channel: string, input: unknown): Promise<WireReply>;
  /** Shows a save dialog and writes the file there; only where the user chose. */
  saveFile(suggestedName: string, base64: string): Promise<{ saved: boolean; path?: string }>;
  /** Application-menu actions (File › New Campaign…, Help › Field Manual…). Returns an unsubscribe. */
  onMenu(listener: (action: string) => void): () => void;
}

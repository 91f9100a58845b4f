import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './preload-bridge';

/** The contract's channel names, written in by the build (electron.vite.config.ts): the preload carries no schema. */
declare const __AOA_CHANNELS__: readonly string[];

// The renderer sees exactly this one object (preload-bridge.ts), nothing of ipcRenderer.
contextBridge.exposeInMainWorld('aoa', createPreloadBridge(ipcRenderer, __AOA_CHANNELS__));

import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './preload-bridge';

// The renderer sees exactly this one object (preload-bridge.ts), nothing of ipcRenderer.
contextBridge.exposeInMainWorld('aoa', createPreloadBridge(ipcRenderer));

/** The only Electron IPC channels; the contract's channel name travels inside INVOKE. */
export const INVOKE_CHANNEL = 'aoa:invoke';
export const SAVE_FILE_CHANNEL = 'aoa:save-file';
export const MENU_CHANNEL = 'aoa:menu';

import type { MenuItemConstructorOptions } from 'electron';

/** Menu actions the renderer understands (it navigates or opens a dialog). */
export type MenuAction = 'new-campaign' | 'open-backup' | 'print' | 'field-manual' | 'about';

/**
 * The application menu as data. `send` forwards an action to the renderer;
 * `quit` ends the app. Pure, so it is tested without Electron.
 */
export function menuTemplate(send: (a: MenuAction) => void, quit: () => void, isMac: boolean): MenuItemConstructorOptions[] {
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        { label: 'New Campaign…', accelerator: 'CmdOrCtrl+N', click: () => send('new-campaign') },
        { label: 'Open Backup…', accelerator: 'CmdOrCtrl+O', click: () => send('open-backup') },
        { type: 'separator' },
        { label: 'Print…', accelerator: 'CmdOrCtrl+P', click: () => send('print') },
        { type: 'separator' },
        { label: 'Quit', accelerator: 'CmdOrCtrl+Q', click: () => quit() },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    {
      label: '&Help',
      submenu: [
        { label: 'Field Manual crib sheet', accelerator: 'F1', click: () => send('field-manual') },
        { label: 'About Age of Ash Campaign Manager', click: () => send('about') },
      ],
    },
  ];
}

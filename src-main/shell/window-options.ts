import type { BrowserWindowConstructorOptions } from 'electron';
import { SECURE_WEB_PREFERENCES } from '../security/policy';

/** The main window's options as data, checked by a unit test. */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Age of Ash Campaign Manager',
    backgroundColor: '#1a1b1e',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: preloadPath },
  };
}

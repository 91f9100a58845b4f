// the organiser's app (the desktop window, browser mode on loopback): main.tsx loads it unless a club night link opened the page
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { MantineProvider, type MantineColorScheme } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './api/query-client';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { useApiQuery } from './api/hooks';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { cssVariablesResolver, theme } from './theme';

/** Toasts are shown from a store, so their container can arrive after the first screen (notifications.show waits in it). */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * The toasts' container is asked for a moment after the first screen is drawn: loaded with it, its chunk was
 * evaluated on the window's thread just before the first paint (about 25 ms of a start's 250 ms there).
 */
function LateNotifications() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setWanted(true), 400);
    return () => clearTimeout(t);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" />
    </Suspense>
  );
}

/** The theme follows Settings; "auto" follows the operating system. */
function Themed() {
  const settings = useApiQuery('settings.get', {});
  const scheme: MantineColorScheme = settings.data?.theme ?? 'auto';
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      forceColorScheme={scheme === 'auto' ? undefined : scheme}
    >
      <LateNotifications />
      <ErrorBoundary>
        <HashRouter>
          <App />
        </HashRouter>
      </ErrorBoundary>
    </MantineProvider>
  );
}

/**
 * The window is first drawn once the first screen's reads (started by main.tsx while this code loaded) are in, or
 * after a short wait at most: drawn before, every part of it would be drawn again when the theme and the club's name
 * arrive a moment later (a tenth of the start's time, measured against the two-pass start).
 */
export function startDesktop(firstReads: Promise<unknown>): void {
  void Promise.race([firstReads, new Promise((r) => setTimeout(r, 500))]).then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Themed />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './app.css';
import { MantineProvider, createTheme, type CSSVariablesResolver, type MantineColorScheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './api/query-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { useApiQuery } from './api/hooks';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';

const theme = createTheme({
  primaryColor: 'orange',
  // Dark text on the ember orange where white would fail WCAG contrast.
  autoContrast: true,
  luminanceThreshold: 0.3,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  defaultRadius: 'md',
});

/** Mantine's default "dimmed" grey is too light on white for small text (WCAG AA); one shade darker passes. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

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
      <Notifications position="bottom-right" />
      <ErrorBoundary>
        <HashRouter>
          <App />
        </HashRouter>
      </ErrorBoundary>
    </MantineProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Themed />
    </QueryClientProvider>
  </StrictMode>,
);

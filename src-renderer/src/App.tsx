import { Alert, AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { NavLink as RouterNavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { transportKind } from './api/transport';
import { useLeagueChanges } from './api/league-changes';
import { Loading } from './components/Loading';
import { ErrorBoundary } from './components/ErrorBoundary';
import { StartNotices } from './components/StartNotices';
import { SECTIONS } from './routes';

/** The rail's hover labels load with the first compact rail; until then its links show without them. */
const RailTooltip = lazy(() => import('./components/RailTooltip'));

const MENU_ROUTES: Record<string, string> = {
  'new-campaign': '/campaigns?new=1',
  'open-backup': '/settings',
  print: '/reports',
  'field-manual': '/reports?print=crib',
  about: '/settings',
};

export function App() {
  const [opened, { toggle, close }] = useDisclosure();
  // below this width the sections rail shrinks to its icons, so the work area keeps its room (1024×700 screens);
  // read at the first render (nothing is rendered on a server here), so a narrow window is not drawn wide first
  const compact = useMediaQuery('(min-width: 48em) and (max-width: 1100px)', undefined, { getInitialValueInEffect: false }) ?? false;
  const location = useLocation();
  const navigate = useNavigate();
  const league = useLeagueChanges();

  useEffect(() => window.aoa?.onMenu((action) => navigate(MENU_ROUTES[action] ?? '/')), [navigate]);
  useEffect(close, [location.pathname, close]);

  return (
    <AppShell header={{ height: 52 }} navbar={{ width: compact ? 64 : 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={compact ? 'md' : 'lg'}>
      <a
        href="#main-content"
        className="aoa-skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text fw={700}>Age of Ash</Text>
            <Text size="sm" c="dimmed">
              Campaign Manager
            </Text>
          </Group>
          {transportKind === 'browser' && (
            <Text size="xs" c="dimmed" title="The desktop window could not start here, so the app runs in your browser on this computer only.">
              browser mode
            </Text>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Sections">
        {SECTIONS.map((s) => {
          if (!compact) return <NavLink key={s.path} component={RouterNavLink} to={s.path} end={s.path === '/'} label={s.label} leftSection={s.icon} />;
          const link = (
            <NavLink
              component={RouterNavLink}
              to={s.path}
              end={s.path === '/'}
              aria-label={s.label}
              leftSection={s.icon}
              styles={{ section: { marginInlineEnd: 0 } }}
            />
          );
          return (
            <Suspense key={s.path} fallback={link}>
              <RailTooltip label={s.label}>{link}</RailTooltip>
            </Suspense>
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        {league === 'unreachable' && (
          <Alert color="red" mb="md" role="alert" title="League database unreachable — retrying">
            The league cannot be read now, and what you enter meanwhile is refused, not saved or lost silently. Everything recorded before is safe on the league
            server; the app reconnects by itself.
          </Alert>
        )}
        <StartNotices />
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Loading label="Loading" m="xl" />}>
            <Routes>
              {SECTIONS.map((s) => (
                <Route key={s.path} path={s.path === '/' ? '/' : `${s.path}/*`} element={<s.Page />} />
              ))}
              <Route path="*" element={<Text>Nothing here. Pick a section on the left.</Text>} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}

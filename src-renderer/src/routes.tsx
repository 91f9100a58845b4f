import {
  IconBook2,
  IconChartBar,
  IconFlask,
  IconHelp,
  IconHome,
  IconNotebook,
  IconPaw,
  IconQrcode,
  IconSettings,
  IconShield,
  IconSwords,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { HomePage } from './sections/home/HomePage';

// Each section is its own chunk, loaded the first time it is opened, so the
// window is usable sooner (the charts and the Armoury's editors weigh most).
const CampaignsPage = lazy(() => import('./sections/campaigns/CampaignsPage').then((m) => ({ default: m.CampaignsPage })));
const BuilderPage = lazy(() => import('./sections/builder/BuilderPage').then((m) => ({ default: m.BuilderPage })));
const PlayPage = lazy(() => import('./sections/play/PlayPage').then((m) => ({ default: m.PlayPage })));
const ClubNightPage = lazy(() => import('./sections/club-night/ClubNightPage').then((m) => ({ default: m.ClubNightPage })));
const JournalPage = lazy(() => import('./sections/journal/JournalPage').then((m) => ({ default: m.JournalPage })));
const ArmouryPage = lazy(() => import('./sections/armoury/ArmouryPage').then((m) => ({ default: m.ArmouryPage })));
const BestiaryPage = lazy(() => import('./sections/bestiary/BestiaryPage').then((m) => ({ default: m.BestiaryPage })));
const ReportsPage = lazy(() => import('./sections/reports/ReportsPage').then((m) => ({ default: m.ReportsPage })));
const DesignerPage = lazy(() => import('./sections/designer/DesignerPage').then((m) => ({ default: m.DesignerPage })));
const PlayersPage = lazy(() => import('./sections/players/PlayersPage').then((m) => ({ default: m.PlayersPage })));
const HelpPage = lazy(() => import('./sections/help/HelpPage').then((m) => ({ default: m.HelpPage })));
const SettingsPage = lazy(() => import('./sections/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));

export interface Section {
  /** Route path; each section may add sub-routes under `path/*`. */
  path: string;
  label: string;
  icon: ReactNode;
  Page: ComponentType;
}

/** The app's sections in navigation order. */
export const SECTIONS: Section[] = [
  { path: '/', label: 'Home', icon: <IconHome size={18} />, Page: HomePage },
  { path: '/campaigns', label: 'Campaigns', icon: <IconUsersGroup size={18} />, Page: CampaignsPage },
  { path: '/players', label: 'Players', icon: <IconUser size={18} />, Page: PlayersPage },
  { path: '/builder', label: 'Builder', icon: <IconShield size={18} />, Page: BuilderPage },
  { path: '/play', label: 'Play', icon: <IconSwords size={18} />, Page: PlayPage },
  { path: '/club-night', label: 'Club night', icon: <IconQrcode size={18} />, Page: ClubNightPage },
  { path: '/journal', label: 'Journal', icon: <IconNotebook size={18} />, Page: JournalPage },
  { path: '/armoury', label: 'Armoury', icon: <IconBook2 size={18} />, Page: ArmouryPage },
  { path: '/bestiary', label: 'Bestiary', icon: <IconPaw size={18} />, Page: BestiaryPage },
  { path: '/reports', label: 'Reports', icon: <IconChartBar size={18} />, Page: ReportsPage },
  { path: '/designer', label: 'Designer', icon: <IconFlask size={18} />, Page: DesignerPage },
  { path: '/settings', label: 'Settings', icon: <IconSettings size={18} />, Page: SettingsPage },
  { path: '/help', label: 'Help', icon: <IconHelp size={18} />, Page: HelpPage },
];

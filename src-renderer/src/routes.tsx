import {
  IconBook2,
  IconChartBar,
  IconHome,
  IconNotebook,
  IconPaw,
  IconSettings,
  IconShield,
  IconSwords,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { ArmouryPage } from './sections/armoury/ArmouryPage';
import { BestiaryPage } from './sections/bestiary/BestiaryPage';
import { BuilderPage } from './sections/builder/BuilderPage';
import { CampaignsPage } from './sections/campaigns/CampaignsPage';
import { HomePage } from './sections/home/HomePage';
import { JournalPage } from './sections/journal/JournalPage';
import { PlayPage } from './sections/play/PlayPage';
import { ReportsPage } from './sections/reports/ReportsPage';
import { SettingsPage } from './sections/settings/SettingsPage';

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
  { path: '/builder', label: 'Builder', icon: <IconShield size={18} />, Page: BuilderPage },
  { path: '/play', label: 'Play', icon: <IconSwords size={18} />, Page: PlayPage },
  { path: '/journal', label: 'Journal', icon: <IconNotebook size={18} />, Page: JournalPage },
  { path: '/armoury', label: 'Armoury', icon: <IconBook2 size={18} />, Page: ArmouryPage },
  { path: '/bestiary', label: 'Bestiary', icon: <IconPaw size={18} />, Page: BestiaryPage },
  { path: '/reports', label: 'Reports', icon: <IconChartBar size={18} />, Page: ReportsPage },
  { path: '/settings', label: 'Settings', icon: <IconSettings size={18} />, Page: SettingsPage },
];

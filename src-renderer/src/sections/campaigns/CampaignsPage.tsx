import { ComingSoon } from '../../components/ComingSoon';

export function CampaignsPage() {
  return <ComingSoon title="Campaigns" what="The club dashboard: every campaign, its players, mission and allowances." />;
}

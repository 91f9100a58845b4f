import { Route, Routes } from 'react-router';
import { ClubDashboard } from './ClubDashboard';
import { PostBattlePage } from './PostBattlePage';

/** The club's campaigns: the dashboard, and the post-battle form for games played on paper. */
export function CampaignsPage() {
  return (
    <Routes>
      <Route index element={<ClubDashboard />} />
      <Route path=":campaignId/record" element={<PostBattlePage />} />
    </Routes>
  );
}

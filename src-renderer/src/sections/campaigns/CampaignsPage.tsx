import { Route, Routes } from 'react-router';
import { ClubDashboard } from './ClubDashboard';
import { CrossoverPage } from './CrossoverPage';
import { PostBattlePage } from './PostBattlePage';

/** The club's campaigns: the dashboard, the post-battle form for games played on paper, and the crossover check. */
export function CampaignsPage() {
  return (
    <Routes>
      <Route index element={<ClubDashboard />} />
      <Route path="crossover" element={<CrossoverPage />} />
      <Route path=":campaignId/record" element={<PostBattlePage />} />
    </Routes>
  );
}

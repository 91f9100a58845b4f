import { Navigate, Route, Routes } from 'react-router';
import { BattleScreen } from './battle/BattleScreen';
import { FirstMissionPage } from './FirstMissionPage';
import { OddsPage } from './odds/OddsPage';
import { PlayHome } from './PlayHome';

/** Play Mode: start or resume a battle, run it round by round, finish it. */
export function PlayPage() {
  return (
    <Routes>
      <Route index element={<PlayHome />} />
      <Route path="battle/:battleId" element={<BattleScreen />} />
      <Route path="first-mission" element={<FirstMissionPage />} />
      {/* the module now runs inside a real battle (start a standalone game with it switched on) */}
      <Route path="alt" element={<Navigate to="/play" replace />} />
      <Route path="odds" element={<OddsPage />} />
    </Routes>
  );
}

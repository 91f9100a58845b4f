import { Route, Routes } from 'react-router';
import { AltRoundPage } from './alt/AltRoundPage';
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
      <Route path="alt" element={<AltRoundPage />} />
      <Route path="odds" element={<OddsPage />} />
    </Routes>
  );
}

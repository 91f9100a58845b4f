import { ComingSoon } from '../../components/ComingSoon';

export function PlayPage() {
  return <ComingSoon title="Play" what="Run a battle at the table and record the playtest." />;
}

import { ComingSoon } from '../../components/ComingSoon';

export function BuilderPage() {
  return <ComingSoon title="Builder" what="Build and validate warbands against the recruitment rules." />;
}

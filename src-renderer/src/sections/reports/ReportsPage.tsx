import { ComingSoon } from '../../components/ComingSoon';

export function ReportsPage() {
  return <ComingSoon title="Reports" what="Playtest reports and printing for the club and the designer." />;
}

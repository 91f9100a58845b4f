import { ComingSoon } from '../../components/ComingSoon';

export function ArmouryPage() {
  return <ComingSoon title="Armoury" what="Factions, units, weapons and equipment with their costs." />;
}

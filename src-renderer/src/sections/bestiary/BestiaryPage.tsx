import { ComingSoon } from '../../components/ComingSoon';

export function BestiaryPage() {
  return <ComingSoon title="Bestiary" what="Cryptids, their behaviour and the province tables." />;
}

import { ComingSoon } from '../../components/ComingSoon';

export function JournalPage() {
  return <ComingSoon title="Journal" what="Each campaign's timeline, with every figure explained." />;
}

import { Navigate, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { Text } from '@mantine/core';
import { useApiQuery } from '../../api/hooks';
import { PageHeader } from '../../components/PageHeader';
import { CampaignJournal, describeCampaign } from './CampaignJournal';
import { CampaignSelect } from '../../components/CampaignSelect';
import { lastJournalCampaign, rememberJournalCampaign } from './last-campaign';

/** The Journal: pick a campaign, then its timeline with every figure explained. */
export function JournalPage() {
  return (
    <Routes>
      <Route index element={<PickCampaign />} />
      <Route path=":campaignId" element={<CampaignJournal />} />
    </Routes>
  );
}

/**
 * The Journal without a campaign in its path: a link naming one (`/journal?campaign=ID`, with `&mission=N` to open
 * at that mission's finish) opens it; otherwise the
 * campaign last opened here, while it still exists; otherwise the picker.
 */
function PickCampaign() {
  const list = useApiQuery('campaigns.list', { sort: 'last-played' });
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const named = search.get('campaign');
  // a link may also name the mission to open at (Finish's "Open the Journal")
  const mission = search.get('mission');
  if (named) return <Navigate replace to={`/journal/${encodeURIComponent(named)}${mission ? `?mission=${encodeURIComponent(mission)}` : ''}`} />;
  const last = lastJournalCampaign();
  if (last && list.data) {
    if (list.data.some((c) => c.id === last)) return <Navigate replace to={`/journal/${encodeURIComponent(last)}`} />;
    rememberJournalCampaign(null);
  }
  // while the list loads, a remembered campaign is not yet known to exist: nothing is drawn that would be replaced
  if (last && list.isPending) return <PageHeader title="Journal" description="Each campaign's timeline, with every figure explained." />;
  return (
    <>
      <PageHeader
        title="Journal"
        description="Each campaign's timeline, with every figure explained."
        help={{ guide: 'organiser-evening', at: 'settings-the-journal-and-players' }}
      />
      {list.data?.length === 0 && <Text c="dimmed">No campaigns yet: start one from Campaigns.</Text>}
      {!!list.data?.length && (
        <CampaignSelect campaigns={list.data} describe={describeCampaign} searchable w={360} onChange={(id) => id && navigate(`/journal/${id}`)} />
      )}
    </>
  );
}

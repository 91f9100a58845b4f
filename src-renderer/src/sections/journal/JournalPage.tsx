import { Route, Routes, useNavigate } from 'react-router';
import { Text } from '@mantine/core';
import { useApiQuery } from '../../api/hooks';
import { PageHeader } from '../../components/PageHeader';
import { CampaignJournal } from './CampaignJournal';
import { CampaignSelect } from '../../components/CampaignSelect';

/** The Journal: pick a campaign, then its timeline with every figure explained. */
export function JournalPage() {
  return (
    <Routes>
      <Route index element={<PickCampaign />} />
      <Route path=":campaignId" element={<CampaignJournal />} />
    </Routes>
  );
}

function PickCampaign() {
  const list = useApiQuery('campaigns.list', { sort: 'last-played' });
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Journal" description="Each campaign's timeline, with every figure explained." />
      {list.data?.length === 0 && <Text c="dimmed">No campaigns yet: start one from Campaigns.</Text>}
      {!!list.data?.length && (
        <CampaignSelect
          campaigns={list.data}
          describe={(c) => `${c.name} (${c.seats.map((s) => s.playerName).join(' vs ')})`}
          searchable
          w={360}
          onChange={(id) => id && navigate(`/journal/${id}`)}
        />
      )}
    </>
  );
}

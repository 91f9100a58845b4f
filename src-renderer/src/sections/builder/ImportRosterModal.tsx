import { FileInput, Modal, Stack, Text } from '@mantine/core';
import { PlayerSelect } from '../../components/PlayerSelect';
import { useEffect, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { fieldError } from './fieldError';
import { Choice } from '../../components/Choice';
import { ModalFooter } from '../../components/ModalFooter';
import { CampaignSelect, withMission } from '../../components/CampaignSelect';

type Target = 'standalone' | 'campaign';

/**
 * Import a roster file for one of this club's players, as a standalone roster
 * or as their army in one of their campaigns (then the campaign's ruleset
 * version and allowance apply, and the file's faction must be the one the
 * player's seat plays). A file with any problem changes nothing; every
 * problem is listed.
 */
export function ImportRosterModal({ opened, onClose, onImported }: { opened: boolean; onClose: () => void; onImported: (id: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [playerId, setPlayerId] = useState<string | null>(null);
  const [target, setTarget] = useState<Target>('standalone');
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const players = useApiQuery('players.list', {}, { enabled: opened });
  const campaigns = useApiQuery('campaigns.list', { playerId: playerId ?? undefined }, { enabled: opened && !!playerId && target === 'campaign' });
  const imp = useApiMutation('rosters.import');
  useEffect(() => {
    if (opened) {
      setFile(null);
      setTarget('standalone');
      setCampaignId(null);
      imp.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  // a campaign belongs to the player chosen; choosing another player clears it
  useEffect(() => setCampaignId(null), [playerId]);

  const active = (campaigns.data ?? []).filter((c) => c.status === 'active');
  const needsCampaign = target === 'campaign' && !campaignId;

  return (
    <Modal opened={opened} onClose={onClose} title="Import a roster file" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!file || !playerId || needsCampaign) return;
          const made = await imp.mutateAsync({ text: await file.text(), playerId, campaignId: target === 'campaign' ? campaignId : null });
          onClose();
          onImported(made.roster.id);
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            A roster exported from this app, here or at another club. Choose whose army it becomes, and whether it is a standalone roster or their army in one
            of their campaigns.
          </Text>
          <FileInput
            label="Roster file"
            placeholder="Choose a .json file"
            accept="application/json,.json"
            value={file}
            onChange={setFile}
            required
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          />
          <PlayerSelect
            label="For player"
            placeholder="Choose a player"
            players={players.data}
            value={playerId}
            onChange={setPlayerId}
            required
            error={fieldError(imp.error, 'playerId')}
          />
          <Choice
            label="Import as"
            showLabel
            value={target}
            onChange={setTarget}
            options={{ standalone: 'Standalone roster', campaign: 'Army in a campaign' }}
          />
          {target === 'campaign' && (
            <CampaignSelect
              campaigns={active}
              describe={withMission}
              placeholder={
                !playerId ? 'Choose the player first' : active.length === 0 && campaigns.data ? 'This player has no running campaign' : 'Choose a campaign'
              }
              value={campaignId}
              onChange={setCampaignId}
              required
              disabled={!playerId}
              description="The campaign’s ruleset version and the player’s allowance apply; the file’s faction must be the one they play there."
              error={fieldError(imp.error, 'campaignId')}
            />
          )}
          <ErrorAlert error={imp.error} title={imp.error ? 'The file was not imported' : undefined} />
          <ModalFooter onCancel={onClose} submitLabel="Import" loading={imp.isPending} disabled={!file || !playerId || needsCampaign} />
        </Stack>
      </form>
    </Modal>
  );
}

import { Autocomplete, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { PlayerSelect } from '../../components/PlayerSelect';
import { useEffect, useMemo, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { fieldError } from './fieldError';
import { Choice } from '../../components/Choice';
import { ModalFooter } from '../../components/ModalFooter';
import { CampaignSelect, withMission } from '../../components/CampaignSelect';

type Mode = 'standalone' | 'campaign' | 'crossover';

/** New roster: who it is for, which game, which faction. Everything else is built in the editor. */
export function CreateRosterModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const [name, setName] = useState('');
  const [playerId, setPlayerId] = useState<string | null>(null);
  const [newPlayer, setNewPlayer] = useState('');
  const [mode, setMode] = useState<Mode>('standalone');
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [factionId, setFactionId] = useState<string | null>(null);
  const [city, setCity] = useState('');

  const players = useApiQuery('players.list', {}, { enabled: opened });
  const factions = useApiQuery('rosters.factions', {}, { enabled: opened });
  const campaigns = useApiQuery('campaigns.list', { playerId: playerId ?? undefined }, { enabled: opened && !!playerId && mode === 'campaign' });
  const createPlayer = useApiMutation('players.create');
  const create = useApiMutation('rosters.create');

  useEffect(() => {
    if (!opened) return;
    setName('');
    setNewPlayer('');
    setCampaignId(null);
    setCity('');
    create.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  // in a campaign the faction is the one the player's seat plays
  const seatFaction = useMemo(() => {
    const c = campaigns.data?.find((x) => x.id === campaignId);
    return c?.seats.find((s) => s.playerId === playerId)?.factionId ?? null;
  }, [campaigns.data, campaignId, playerId]);
  useEffect(() => {
    if (mode === 'campaign' && seatFaction) setFactionId(seatFaction);
  }, [mode, seatFaction]);

  const cities = factions.data?.factions.find((f) => f.id === factionId)?.cities ?? [];

  const addPlayer = async () => {
    if (!newPlayer.trim()) return;
    const p = await createPlayer.mutateAsync({ name: newPlayer.trim() });
    setPlayerId(p.id);
    setNewPlayer('');
  };

  const submit = async () => {
    if (!playerId || !factionId) return;
    const made = await create.mutateAsync({
      name: name.trim() || 'New warband',
      playerId,
      factionId,
      mode,
      campaignId: mode === 'campaign' ? campaignId : null,
      startingCity: city,
    });
    onClose();
    onCreated(made.roster.id);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New roster" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Warband name"
            placeholder="e.g. The Lantern Vigil"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
            error={fieldError(create.error, 'name')}
            data-autofocus
          />
          <Group align="flex-end" grow>
            <PlayerSelect
              label="Player"
              placeholder={players.data?.length ? 'Choose a player' : 'No players yet: add one'}
              players={players.data}
              value={playerId}
              onChange={setPlayerId}
              required
              error={fieldError(create.error, 'playerId')}
            />
            <TextInput
              label="Or add a new player"
              placeholder="Name"
              value={newPlayer}
              onChange={(e) => setNewPlayer(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void addPlayer();
                }
              }}
              rightSectionWidth={64}
              rightSection={
                <Button size="compact-xs" variant="light" onClick={() => void addPlayer()} disabled={!newPlayer.trim()} loading={createPlayer.isPending}>
                  Add
                </Button>
              }
              error={createPlayer.error?.message}
            />
          </Group>
          <Choice
            label="Game"
            showLabel
            value={mode}
            onChange={setMode}
            options={{ standalone: 'Standalone (500 pts)', campaign: 'Campaign mission', crossover: 'Crossover game' }}
          />
          {mode === 'campaign' && (
            <CampaignSelect
              campaigns={campaigns.data}
              describe={withMission}
              placeholder={!playerId ? 'Choose the player first' : campaigns.data?.length === 0 ? 'This player has no campaign' : 'Choose a campaign'}
              value={campaignId}
              onChange={setCampaignId}
              required
              disabled={!playerId}
              error={fieldError(create.error, 'campaignId')}
              description="The allowance comes from the campaign ledger."
            />
          )}
          <Select
            label="Faction"
            placeholder="Choose a faction"
            data={(factions.data?.factions ?? []).map((f) => ({ value: f.id, label: f.name }))}
            value={factionId}
            onChange={setFactionId}
            required
            disabled={mode === 'campaign' && !!seatFaction}
            description={mode === 'campaign' && seatFaction ? 'The faction this player plays in the campaign.' : undefined}
            error={fieldError(create.error, 'factionId')}
          />
          <Autocomplete
            label="Starting city"
            description="Where the warband was raised; it has no effect on the rules."
            data={cities}
            value={city}
            onChange={setCity}
            maxLength={80}
          />
          <ErrorAlert error={create.error} />
          <ModalFooter
            onCancel={onClose}
            submitLabel="Create and open"
            loading={create.isPending}
            disabled={!playerId || !factionId || (mode === 'campaign' && !campaignId)}
          />
        </Stack>
      </form>
    </Modal>
  );
}

import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { RosterSummary } from '../../../../src-shared/contract/rosters.contract';
import { copyName } from '../../../../src-shared/roster/clone';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalFooter } from '../../components/ModalFooter';

const STANDALONE = 'standalone';

/**
 * Clone a roster for a new campaign or a standalone game (rosters.clone): the
 * copy starts with no service record. A campaign is offered for each seat
 * that plays the roster's faction, the copy then belonging to that seat's player.
 */
export function CloneRosterModal({
  roster,
  onClose,
  onCloned,
}: {
  roster: RosterSummary | null;
  onClose: () => void;
  onCloned: (id: string, name: string) => void;
}) {
  const [name, setName] = useState('');
  const [target, setTarget] = useState<string>(STANDALONE);
  const campaigns = useApiQuery('campaigns.list', {}, { enabled: roster !== null });
  const clone = useApiMutation('rosters.clone');
  useEffect(() => {
    setName(roster ? copyName(roster.name) : '');
    setTarget(STANDALONE);
    clone.reset();
    // reset on a new roster only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roster]);

  const options = useMemo(() => {
    const seats = (campaigns.data ?? [])
      .filter((c) => c.status === 'active')
      .flatMap((c) =>
        c.seats
          .filter((s) => s.factionId === roster?.factionId)
          .map((s) => ({ value: `${c.id}|${s.playerId}`, label: `Campaign ${c.name}: ${s.playerName}'s seat` })),
      );
    return [{ value: STANDALONE, label: `A standalone game (${roster?.playerName ?? ''})` }, ...seats];
  }, [campaigns.data, roster]);

  return (
    <Modal opened={roster !== null} onClose={onClose} title="Clone roster" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!roster) return;
          const [campaignId, playerId] = target === STANDALONE ? [null, undefined] : target.split('|');
          const copy = await clone.mutateAsync({ id: roster.id, name, campaignId: campaignId ?? null, playerId });
          onCloned(copy.roster.id, copy.roster.name);
        }}
      >
        <Stack>
          <Text size="sm">
            A copy of the army, part for part, with its own ids: it starts with no service marks, ranks or trophies, and editing it leaves{' '}
            <bdi>{roster?.name}</bdi> as it is.
          </Text>
          <TextInput label="Name of the copy" value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={80} data-autofocus />
          <Select
            label="For"
            data={options}
            value={target}
            onChange={(v) => setTarget(v ?? STANDALONE)}
            allowDeselect={false}
            description="A campaign is offered where a player's seat plays this faction."
          />
          <ErrorAlert error={clone.error} />
          <ModalFooter onCancel={onClose} submitLabel="Clone" loading={clone.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBan, IconPresentation } from '@tabler/icons-react';
import { useState } from 'react';
import type { ClubLink } from '../../../../src-shared/contract/club-night.contract';
import { useApiMutation } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PanelCard } from '../../components/PanelCard';
import { hoursValid } from './BattleLinksCard';
import { LinkWithQr } from './LinkWithQr';

/** The projector's read-only link: the standings and every table's round and score. */
export function BoardCard({ hours }: { hours: number }) {
  const make = useApiMutation('clubNight.createBoardLink');
  const revoke = useApiMutation('clubNight.revoke');
  const [link, setLink] = useState<ClubLink | null>(null);
  const [revoked, setRevoked] = useState<number | null>(null);
  return (
    <PanelCard label="Board" title="Board for the projector">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A read-only link: the standings of tonight’s campaigns and every table’s round and score. It records nothing.
        </Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconPresentation size={16} />}
            disabled={!hoursValid(hours)}
            loading={make.isPending}
            onClick={() =>
              make.mutate(
                { hours },
                {
                  onSuccess: (l) => {
                    setLink(l);
                    setRevoked(null);
                  },
                },
              )
            }
          >
            Make board link
          </Button>
          <Button
            color="red"
            variant="subtle"
            leftSection={<IconBan size={16} />}
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(
                { board: true },
                {
                  onSuccess: ({ revoked: n }) => {
                    setRevoked(n);
                    setLink(null);
                  },
                },
              )
            }
          >
            Revoke board links
          </Button>
        </Group>
        <ErrorAlert error={make.error ?? revoke.error} />
        {revoked !== null && (
          <Text size="sm" role="status">
            {revoked === 1 ? 'One board link' : `${revoked} board links`} revoked.
          </Text>
        )}
        {link && <LinkWithQr link={link} qrLabel="QR code of the board link" title="Board link" />}
      </Stack>
    </PanelCard>
  );
}

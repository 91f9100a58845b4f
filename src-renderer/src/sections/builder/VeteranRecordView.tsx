import { Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { veteranPhrases, type VeteranRecord } from './veteran-record';

/** A formation's campaign record on its card: service marks, rank, Veteran Sixes, Cryptid Veteran, trophies and their effect. */
export function VeteranRecordView({ name, record }: { name: string; record: VeteranRecord }) {
  return (
    <Stack gap={4} role="group" aria-label={`${name}: campaign record`}>
      {/* filled in dark shades, so the text on them is readable in the light and the dark theme */}
      <Group gap="xs">
        <Badge variant="filled" color="teal.9">
          {record.marks} service mark{record.marks === 1 ? '' : 's'}
        </Badge>
        {record.rank && (
          <Badge variant="filled" color="indigo.9">
            Rank {record.rank}
          </Badge>
        )}
        {record.veteranSixes > 0 && (
          <Badge variant="filled" color="grape.9">
            {record.veteranSixes} Veteran Six{record.veteranSixes === 1 ? '' : 'es'} a battle
          </Badge>
        )}
        {record.cryptidVeteran && (
          <Badge variant="filled" color="red.9">
            Cryptid Veteran
          </Badge>
        )}
      </Group>
      {record.trophies.map((t) => (
        <Text size="sm" key={t.trophyId} data-testid="trophy">
          Trophy <b>{t.name}</b> ({t.status === 'banked' ? 'banked: may be used in a later battle' : 'used'}
          {t.oneUse ? ', one use' : ''}){t.effect ? `: ${t.effect}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/** Asks before a veteran formation is removed or its unit replaced, naming what its roster loses; the ledger keeps the history. */
export function VeteranLossConfirm({
  name,
  record,
  action,
  onCancel,
  onConfirm,
}: {
  name: string;
  record: VeteranRecord | undefined;
  action: 'remove' | 'replace' | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const verb = action === 'replace' ? 'Replace the unit of' : 'Remove';
  return (
    <Modal opened={action !== null} onClose={onCancel} title={`${verb} ${name}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">
          {action === 'replace'
            ? `${name} changes unit and its fighters' loadouts are reset; its campaign record was earned by the fighters it has now:`
            : `${name} leaves the roster, and with it its campaign record:`}
        </Text>
        <List size="sm">
          {veteranPhrases(record).map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          The Journal keeps the history of how they were earned.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            {action === 'replace' ? 'Replace the unit' : `Remove ${name}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Modal, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RosterSummary } from '../../../../src-shared/contract/rosters.contract';
import { useApiMutation } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalFooter } from '../../components/ModalFooter';

export function RenameRosterModal({ roster, onClose }: { roster: RosterSummary | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const rename = useApiMutation('rosters.rename');
  useEffect(() => setName(roster?.name ?? ''), [roster]);
  return (
    <Modal opened={roster !== null} onClose={onClose} title="Rename roster" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!roster) return;
          await rename.mutateAsync({ id: roster.id, name });
          onClose();
        }}
      >
        <TextInput label="Warband name" value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={80} data-autofocus />
        <ErrorAlert error={rename.error} />
        <ModalFooter onCancel={onClose} submitLabel="Rename" loading={rename.isPending} mt="md" />
      </form>
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { playerCreateSchema, type PlayerCreate } from '../../../../src-shared/contract/players.contract';
import { useApiMutation } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { serverFieldError } from './serverFieldError';
import { ModalFooter } from '../../components/ModalFooter';

/** Adds a club member: a name, and optionally how to reach them. */
export function NewPlayerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useApiMutation('players.create');
  const form = useForm<PlayerCreate>({ resolver: zodResolver(playerCreateSchema) as never, defaultValues: { name: '', contact: '', notes: '' } });
  const submit = form.handleSubmit(async (v) => {
    await create.mutateAsync(v);
    form.reset();
    onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title="New player">
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            {...form.register('name')}
            error={form.formState.errors.name?.message ?? serverFieldError(create.error, 'name')}
          />
          <TextInput label="Contact (optional)" placeholder="Email or phone" {...form.register('contact')} />
          <Textarea label="Notes (optional)" {...form.register('notes')} />
          {create.error && !serverFieldError(create.error, 'name') && <ErrorAlert error={create.error} />}
          <ModalFooter onCancel={onClose} submitLabel="Add player" loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

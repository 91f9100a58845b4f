import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { serverFieldError } from './serverFieldError';
import { ModalFooter } from '../../components/ModalFooter';

const formSchema = z
  .object({
    name: z.string().max(80),
    rulesetVersionId: z.string().min(1, 'Choose the ruleset version the campaign is pinned to.'),
    playerA: z.string().min(1, 'Choose the first player.'),
    factionA: z.string().min(1, 'Choose a faction.'),
    playerB: z.string().min(1, 'Choose the second player.'),
    factionB: z.string().min(1, 'Choose a faction.'),
    altActivationModule: z.boolean(),
  })
  .refine((v) => v.playerA !== v.playerB, { path: ['playerB'], message: 'A campaign is between two different players.' });
type FormValues = z.infer<typeof formSchema>;

/**
 * A new campaign: two players, their factions and the ruleset version it is
 * pinned to. The alternating-activation house rule can only be chosen here.
 */
export function NewCampaignModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const players = useApiQuery('players.list', {}, { enabled: opened });
  const versions = useApiQuery('rulesets.list', {}, { enabled: opened });
  const create = useApiMutation('campaigns.create');
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', rulesetVersionId: '', playerA: '', factionA: '', playerB: '', factionB: '', altActivationModule: false },
  });
  const versionId = useWatch({ control: form.control, name: 'rulesetVersionId' });
  const alt = useWatch({ control: form.control, name: 'altActivationModule' });
  const pack = useApiQuery('rulesets.get', { versionId: Number(versionId) }, { enabled: opened && !!versionId });

  useEffect(() => {
    if (opened && !form.getValues('rulesetVersionId') && versions.data?.length) form.setValue('rulesetVersionId', String(versions.data[0]!.id));
  }, [opened, versions.data, form]);

  const submit = form.handleSubmit(async (v) => {
    const c = await create.mutateAsync({
      name: v.name || undefined,
      rulesetVersionId: Number(v.rulesetVersionId),
      seats: [
        { playerId: v.playerA, factionId: v.factionA },
        { playerId: v.playerB, factionId: v.factionB },
      ],
      altActivationModule: v.altActivationModule,
    });
    form.reset();
    onClose();
    onCreated(c.id);
  });

  const playerData = (players.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const factionData = (pack.data?.pack.factions ?? []).map((f) => ({ value: f.id, label: f.name }));
  const err = form.formState.errors;
  const sel = (name: keyof FormValues, label: string, data: { value: string; label: string }[], server: string | undefined) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          value={(field.value as string) || null}
          onChange={(v) => field.onChange(v ?? '')}
          searchable
          required
          error={err[name]?.message ?? server}
        />
      )}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title="New campaign" size="lg">
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <Text size="sm" c="dimmed">
            Five missions between the same two players. Each starts with a fresh allowance; nothing carries over from other campaigns.
          </Text>
          <TextInput label="Campaign name (optional)" placeholder="e.g. Ada vs Bram, autumn" {...form.register('name')} />
          {sel(
            'rulesetVersionId',
            'Ruleset version',
            (versions.data ?? []).map((v) => ({ value: String(v.id), label: `${v.name} v${v.version}${v.origin === 'bundled' ? ' (bundled)' : ''}` })),
            serverFieldError(create.error, 'rulesetVersionId'),
          )}
          <Group grow align="flex-start">
            {sel('playerA', 'First player', playerData, serverFieldError(create.error, 'seats', 0, 'playerId'))}
            {sel('factionA', 'First player’s faction', factionData, serverFieldError(create.error, 'seats', 0, 'factionId'))}
          </Group>
          <Group grow align="flex-start">
            {sel('playerB', 'Second player', playerData, serverFieldError(create.error, 'seats', 1, 'playerId'))}
            {sel('factionB', 'Second player’s faction', factionData, serverFieldError(create.error, 'seats', 1, 'factionId'))}
          </Group>
          <Checkbox
            label="Use the alternating-activation and morale house rule (non-standard)"
            description="Decided now for the whole campaign: it cannot be switched on or off later, and every printout marks the campaign non-standard."
            {...form.register('altActivationModule')}
          />
          {alt && (
            <Alert color="yellow" title="Non-standard campaign">
              Both players must agree to this house rule before the first mission.
            </Alert>
          )}
          {create.error && <ErrorAlert error={create.error} />}
          <ModalFooter onCancel={onClose} submitLabel="Create campaign" loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

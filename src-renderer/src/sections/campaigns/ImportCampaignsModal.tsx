import { Alert, Checkbox, FileInput, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useApiMutation } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalFooter } from '../../components/ModalFooter';
import { Name } from '../../components/Name';
import type { ImportPreview } from '../../../../src-shared/campaign/import-preview';

/**
 * Import a campaign file exported by this app, here or at another club. The
 * file is previewed as soon as it is chosen (`campaigns.importPreview`, which
 * writes nothing): the game data versions it adds, the campaigns and players it
 * creates, name clashes with this club's players and rows that differ from
 * what this ledger holds. Only then may the organiser confirm. A file's player
 * whose name is an existing player's here may be imported as that player
 * (`mapPlayers`): each clash offers it, and the preview is asked again.
 */

type Clash = { fileId: string; fileName: string; ledgerId: string; ledgerName: string };
export function ImportCampaignsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [json, setJson] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  // the clashes of the file as it is, kept while some are mapped (a mapped player no longer clashes)
  const [clashes, setClashes] = useState<Clash[]>([]);
  const [mapPlayers, setMapPlayers] = useState<Record<string, string>>({});
  const previewing = useApiMutation('campaigns.importPreview');
  const imp = useApiMutation('campaigns.import');
  useEffect(() => {
    if (opened) {
      setFile(null);
      setJson(null);
      setPreview(null);
      setClashes([]);
      setMapPlayers({});
      previewing.reset();
      imp.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const choose = async (f: File | null) => {
    setFile(f);
    setPreview(null);
    setJson(null);
    setClashes([]);
    setMapPlayers({});
    imp.reset();
    if (!f) return;
    const text = await f.text();
    setJson(text);
    const first = await previewing.mutateAsync({ json: text, mapPlayers: {} }).catch(() => null);
    setPreview(first);
    setClashes((first?.players ?? []).flatMap((p) => (p.clash ? [{ fileId: p.id, fileName: p.name, ledgerId: p.clash.id, ledgerName: p.clash.name }] : [])));
  };

  const chooseExisting = async (clash: Clash, on: boolean) => {
    if (!json) return;
    const next = { ...mapPlayers };
    if (on) next[clash.fileId] = clash.ledgerId;
    else delete next[clash.fileId];
    setMapPlayers(next);
    imp.reset();
    setPreview(await previewing.mutateAsync({ json, mapPlayers: next }).catch(() => null));
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Import a campaign file" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!json || !preview?.importable) return;
          await imp.mutateAsync({ json, mapPlayers });
          onClose();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            A file written by Export campaigns, here or at another club. What it would add is shown before anything is written.
          </Text>
          <FileInput
            label="Campaign file"
            placeholder="Choose a .json file"
            accept="application/json,.json"
            value={file}
            onChange={(f) => void choose(f)}
            required
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          />
          {preview && (
            <Alert
              color={preview.importable ? 'blue' : 'red'}
              title={preview.importable ? 'Importing this file will' : 'This file cannot be imported as it is'}
            >
              <List size="sm" aria-label="What the import would do">
                {preview.lines.map((line, i) => (
                  <List.Item key={i}>{line}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {clashes.length > 0 && (
            <Stack gap="xs" role="group" aria-label="Players whose names clash">
              {clashes.map((c) => (
                <Checkbox
                  key={c.fileId}
                  checked={c.fileId in mapPlayers}
                  disabled={previewing.isPending}
                  onChange={(e) => void chooseExisting(c, e.currentTarget.checked)}
                  label={
                    <>
                      Import <Name>{c.fileName}</Name> from the file as this club&apos;s <Name>{c.ledgerName}</Name>
                    </>
                  }
                  description="Their campaigns, rewards and rosters join the existing player's; the name here is kept."
                />
              ))}
            </Stack>
          )}
          <ErrorAlert error={previewing.error ?? imp.error} title={previewing.error || imp.error ? 'The file was not imported' : undefined} />
          <ModalFooter onCancel={onClose} submitLabel="Import" loading={previewing.isPending || imp.isPending} disabled={!preview?.importable} />
        </Stack>
      </form>
    </Modal>
  );
}

import { Badge, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import type { RulesetVersion } from '../../../../src-shared/contract/rulesets.contract';
import { CHANGE_CATEGORIES, type ChangeCategory, type PackChange } from '../../../../src-shared/ruleset/diff';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { api, saveFile } from '../../api/transport';
import { ErrorAlert } from '../../components/ErrorAlert';
import { VersionPicker } from './VersionPicker';
import { TableHead } from '../../components/TableHead';

const CATEGORY_TITLE: Record<ChangeCategory, string> = {
  costs: 'Costs',
  profiles: 'Profiles and weapons',
  rules: 'Rules and tables',
  options: 'Rulings',
  other: 'Other',
};
const ORIGIN_LABEL = { bundled: 'bundled with the app', edit: 'edited here', import: 'imported' } as const;

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

function ChangeLine({ c }: { c: PackChange }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Badge size="xs" variant="default" c={c.kind === 'added' ? 'teal.9' : c.kind === 'removed' ? 'red.9' : 'blue.9'}>
          {c.kind}
        </Badge>
      </Table.Td>
      <Table.Td>{c.label}</Table.Td>
      <Table.Td>{show(c.before)}</Table.Td>
      <Table.Td>{show(c.after)}</Table.Td>
    </Table.Tr>
  );
}

/** Two versions side by side: what a club changed, grouped the way an organiser thinks about it. */
function DiffView({ versions, selectedId, from }: { versions: RulesetVersion[]; selectedId: number; from?: number }) {
  const selected = versions.find((v) => v.id === selectedId);
  const [b, setB] = useState<number>(selectedId);
  // the version an edit started from, when one was just saved (an edit may come back to an earlier version's content)
  const [a, setA] = useState<number>(from ?? selected?.parentId ?? versions.find((v) => v.id < selectedId)?.id ?? selectedId);
  const diff = useApiQuery('rulesets.diff', { a, b });
  return (
    <Stack>
      <Group align="flex-end">
        <VersionPicker label="From" versions={versions} value={a} onChange={setA} />
        <VersionPicker label="To" versions={versions} value={b} onChange={setB} />
      </Group>
      <ErrorAlert error={diff.error} />
      {diff.data && (
        <Stack gap="md" aria-label="Changes between versions" role="region">
          <Text size="sm">
            {diff.data.changes.length === 0
              ? 'These two versions are the same.'
              : `${diff.data.changes.length} change${diff.data.changes.length === 1 ? '' : 's'} from v${diff.data.a.version} to v${diff.data.b.version}.`}
          </Text>
          {CHANGE_CATEGORIES.map((cat) => {
            const list = diff.data.changes.filter((c) => c.category === cat);
            if (!list.length) return null;
            return (
              <Stack key={cat} gap={4}>
                <Title order={4} size="h6">
                  {CATEGORY_TITLE[cat]} ({list.length})
                </Title>
                <Table fz="sm" withTableBorder aria-label={CATEGORY_TITLE[cat]}>
                  <TableHead columns={[{ label: '', w: 90 }, 'What', 'Before', 'After']} />
                  <Table.Tbody>
                    {list.map((c) => (
                      <ChangeLine key={c.path.join('/')} c={c} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

export function VersionsPanel({
  versions,
  selectedId,
  diffFrom,
  onSelect,
}: {
  versions: RulesetVersion[];
  selectedId: number;
  diffFrom?: number;
  onSelect: (id: number) => void;
}) {
  const importPack = useApiMutation('rulesets.import');
  const [exportError, setExportError] = useState<unknown>(null);

  const onImport = async (file: File | null) => {
    if (!file) return;
    importPack.reset();
    const v = await importPack.mutateAsync({ text: await file.text(), note: `Imported from ${file.name}` }).catch(() => null);
    if (!v) return;
    notifications.show(
      v.alreadyStored
        ? { color: 'blue', title: 'Pack already stored', message: `${v.name} is version ${v.version} already: nothing new was stored.` }
        : { color: 'teal', title: 'Pack imported', message: `${v.name} is stored as version ${v.version}.` },
    );
    onSelect(v.id);
  };
  const onExport = async () => {
    setExportError(null);
    try {
      const f = await api.call('rulesets.export', { versionId: selectedId });
      await saveFile(f.fileName, new TextEncoder().encode(f.text), 'application/json');
    } catch (e) {
      setExportError(e);
    }
  };

  return (
    <Stack gap="xl">
      <Stack>
        <Group>
          <FileButton onChange={onImport} accept="application/json,.json">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFileImport size={16} />} loading={importPack.isPending}>
                Import a pack file
              </Button>
            )}
          </FileButton>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onExport}>
            Export this version
          </Button>
        </Group>
        <ErrorAlert error={importPack.error ?? exportError} />
        <Table fz="sm" withTableBorder highlightOnHover aria-label="Stored versions">
          <TableHead columns={['Version', 'Data version', 'Origin', 'Note', 'Saved', 'Campaigns pinned']} />
          <Table.Tbody>
            {versions.map((v) => (
              <Table.Tr key={v.id} aria-selected={v.id === selectedId} bg={v.id === selectedId ? 'var(--mantine-color-orange-light)' : undefined}>
                <Table.Td>
                  {/* the text colour, not the orange accent: small orange text on white fails contrast */}
                  <Button variant="subtle" color="gray" c="var(--mantine-color-text)" size="compact-sm" onClick={() => onSelect(v.id)}>
                    {v.name} v{v.version}
                  </Button>
                </Table.Td>
                <Table.Td>{v.dataVersion}</Table.Td>
                <Table.Td>{ORIGIN_LABEL[v.origin]}</Table.Td>
                <Table.Td>{v.note}</Table.Td>
                <Table.Td>{new Date(v.createdAt).toLocaleString()}</Table.Td>
                <Table.Td>{v.campaigns}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack>
        <Title order={3} size="h4">
          Compare versions
        </Title>
        <DiffView key={`${selectedId}-${diffFrom}`} versions={versions} selectedId={selectedId} from={diffFrom} />
      </Stack>
    </Stack>
  );
}

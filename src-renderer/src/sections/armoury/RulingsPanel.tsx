import { Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_RULE_OPTIONS, RULE_OPTION_INFO, type RuleOptions } from '../../../../src-shared/ruleset/options';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useSaveVersion, type VersionEditProps } from './useSaveVersion';
import { TableHead } from '../../components/TableHead';

type Key = keyof RuleOptions;
const KEYS = Object.keys(RULE_OPTION_INFO) as Key[];
const enc = (v: string | boolean) => String(v);
const choiceLabel = (k: Key, v: string | boolean) => RULE_OPTION_INFO[k].choices.find((c) => c.value === v)?.label ?? String(v);

/**
 * Every rule option (each resolution of an ambiguity in the documents), its
 * default, where it is decided, and this version's choice. Changing choices
 * saves a new pack version; campaigns already pinned keep theirs.
 */
export function RulingsPanel({ pack, baseVersionId, onSaved }: Pick<VersionEditProps, 'pack' | 'baseVersionId' | 'onSaved'>) {
  const [draft, setDraft] = useState<RuleOptions>(pack.options);
  const [note, setNote] = useState('');
  const save = useSaveVersion({ pack, baseVersionId, onSaved });
  const changed = KEYS.filter((k) => draft[k] !== pack.options[k]);

  const onSave = async () => {
    const text = note.trim() || `Rulings: ${changed.map((k) => RULE_OPTION_INFO[k].label).join(', ')}`;
    await save.saveVersion((next) => {
      next.options = draft;
    }, text);
    setNote('');
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Where the documents are silent or contradict each other, the app follows a named ruling. A campaign keeps the rulings of the version it started on;
        reports print any ruling that differs from the default.
      </Text>
      <Table fz="sm" withTableBorder verticalSpacing="xs" aria-label="Rulings">
        <TableHead columns={['Ruling', 'Source', 'Default', { label: 'This version', w: 300 }]} />
        <Table.Tbody>
          {KEYS.map((k) => {
            const info = RULE_OPTION_INFO[k];
            const isDefault = draft[k] === DEFAULT_RULE_OPTIONS[k];
            return (
              <Table.Tr key={k}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {info.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {info.explanation}
                  </Text>
                </Table.Td>
                <Table.Td>{info.source}</Table.Td>
                <Table.Td>{choiceLabel(k, DEFAULT_RULE_OPTIONS[k])}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Select
                      aria-label={`${info.label}: choice in this version`}
                      data={info.choices.map((c) => ({ value: enc(c.value), label: c.label }))}
                      value={enc(draft[k])}
                      onChange={(v) => {
                        const c = info.choices.find((x) => enc(x.value) === v);
                        if (c) setDraft((d) => ({ ...d, [k]: c.value }));
                      }}
                      allowDeselect={false}
                      w={250}
                    />
                    {!isDefault && (
                      <Badge size="xs" variant="default" c="grape.9">
                        not default
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <ErrorAlert error={save.error} />
      <Group align="flex-end">
        <TextInput label="Note for the new version" placeholder="Why these rulings" value={note} onChange={(e) => setNote(e.currentTarget.value)} w={360} />
        <Button disabled={changed.length === 0} loading={save.isPending} onClick={onSave}>
          {changed.length === 0
            ? 'Change a ruling to save a new version'
            : `Save ${changed.length} changed ruling${changed.length === 1 ? '' : 's'} as new version`}
        </Button>
        {changed.length > 0 && (
          <Button variant="subtle" onClick={() => setDraft(pack.options)}>
            Discard changes
          </Button>
        )}
      </Group>
    </Stack>
  );
}

import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy, IconFileExport, IconPrinter } from '@tabler/icons-react';
import { armyListText } from '../../../../src-shared/roster/army-list-text';
import type { Roster } from '../../../../src-shared/roster/schema';
import type { RosterValidation } from '../../../../src-shared/roster/validate';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import type { ChannelOutput } from '../../../../src-shared/contract';
import { CopyListButton } from './CopyListButton';

/** What kind of game the roster is for, as its header says it. */
function modeWords(draft: Roster, campaignName: string | null | undefined): string {
  if (draft.mode === 'campaign') return `Campaign: ${campaignName ?? ''}`;
  return draft.mode === 'crossover' ? 'Crossover game' : 'Standalone game';
}

/** The save button's words: nothing to save, a legal roster to save, or a draft that still breaks rules. */
function saveWords(dirty: boolean, valid: boolean): string {
  if (!dirty) return 'Saved';
  return valid ? 'Save' : 'Save draft';
}

export interface RosterEditorHeaderProps {
  draft: Roster;
  pack: RulesetPack;
  detail: ChannelOutput<'rosters.get'>;
  validation: RosterValidation;
  allowance: number;
  dirty: boolean;
  saving: boolean;
  history: { undo: () => void; redo: () => void; canUndo: boolean; canRedo: boolean };
  onExport: () => void;
  onPrint: () => void;
  onSave: () => void;
}

/** The roster's name and what it is for, its legality, and its actions: export, copy, print, undo, redo and save. */
export function RosterEditorHeader({ draft, pack, detail, validation, allowance, dirty, saving, history, onExport, onPrint, onSave }: RosterEditorHeaderProps) {
  const faction = pack.factions.find((f) => f.id === draft.factionId);
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {draft.name}
        </Title>
        <Text size="sm" c="dimmed">
          {detail.summary.playerName} · {faction?.name ?? draft.factionId} · {modeWords(draft, detail.summary.campaignName)} · {pack.meta.name} (ruleset version{' '}
          {detail.rulesetVersion})
        </Text>
      </Stack>
      <Group gap="xs">
        <Badge size="lg" color={validation.valid ? 'teal' : 'red'} variant="outline" data-testid="roster-status">
          {validation.valid ? 'Legal' : `${validation.violations.length} to fix`}
        </Badge>
        <Button variant="default" leftSection={<IconFileExport size={16} />} onClick={onExport}>
          Export
        </Button>
        <CopyListButton text={armyListText(draft, pack, { allowance })} />
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={onPrint}>
          Print
        </Button>
        <Group gap={4} role="group" aria-label="Undo and redo">
          <Tooltip label="Undo (Ctrl+Z)">
            <ActionIcon variant="default" size="lg" aria-label="Undo" onClick={history.undo} disabled={!history.canUndo}>
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Redo (Ctrl+Shift+Z)">
            <ActionIcon variant="default" size="lg" aria-label="Redo" onClick={history.redo} disabled={!history.canRedo}>
              <IconArrowForwardUp size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} disabled={!dirty} loading={saving}>
          {saveWords(dirty, validation.valid)}
        </Button>
      </Group>
    </Group>
  );
}

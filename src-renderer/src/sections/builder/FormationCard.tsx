import { ActionIcon, Badge, Card, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { addFighter, changeFormationUnit, removeFormation, unitsFor, updateFormation } from '../../../../src-shared/roster/edit';
import type { Formation, Roster } from '../../../../src-shared/roster/schema';
import { addFighterRefusal, SLOT_LABEL, type RosterValidation } from '../../../../src-shared/roster/validate';
import { type RulesetPack } from '../../../../src-shared/ruleset/schema';
import { isProvisional } from '../../../../src-shared/ruleset/pack-facts';
import { ProvisionalMark } from '../../components/ProvisionalMark';
import { FightersTable } from './FormationFighters';
import { ViolationList } from './ViolationList';
import { LimitedButton } from './LimitedButton';
import { useState } from 'react';
import { veteranPhrases, type VeteranRecord } from './veteran-record';
import { VeteranLossConfirm, VeteranRecordView } from './VeteranRecordView';

/** One formation: its unit, fighters and loadouts, reserve declaration, posted Officer, and the rules it breaks right here. */
export function FormationCard({
  roster,
  formation: f,
  pack,
  validation,
  provisional = false,
  veteran,
  onChange,
}: {
  roster: Roster;
  formation: Formation;
  pack: RulesetPack;
  validation: RosterValidation;
  /** Its points rest on a provisional cost (src-shared/roster/provisional.ts). */
  provisional?: boolean;
  /** Its campaign record from the ledger (a campaign roster's formation that earned any). */
  veteran?: VeteranRecord;
  onChange: (r: Roster) => void;
}) {
  // removing or replacing a veteran asks first, naming what its record holds
  const [asking, setAsking] = useState<{ action: 'remove' | 'replace'; change: Roster } | null>(null);
  const guarded = (action: 'remove' | 'replace', change: Roster) => (veteranPhrases(veteran).length > 0 ? setAsking({ action, change }) : onChange(change));
  const choices = unitsFor(pack, roster.factionId, f.slot);
  const size = pack.recruitment[f.slot].size;
  const concerns = validation.violations.filter((v) => v.formationId === f.id);
  const officer = roster.officers.findIndex((o) => o.postedTo === f.id);
  const label = SLOT_LABEL[f.slot].one;

  return (
    <Card
      withBorder
      component="section"
      aria-label={`${label}: ${f.name}`}
      data-formation-id={f.id}
      style={concerns.length ? { borderColor: 'var(--mantine-color-red-5)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Group align="flex-end" gap="xs" wrap="nowrap" style={{ flex: 1 }}>
            <Badge variant="outline" color="dark.6" mb={6}>
              {label}
            </Badge>
            <TextInput
              label="Name"
              value={f.name}
              maxLength={80}
              onChange={(e) => onChange(updateFormation(roster, f.id, { name: e.currentTarget.value }))}
              error={f.name.trim() ? undefined : 'Give the formation a name.'}
              style={{ flex: 1 }}
            />
            <Select
              label="Unit"
              data={choices.map((u) => ({ value: u.id, label: `${u.name} (${u.cost} pts each${isProvisional(u, 'cost') ? ' †' : ''})` }))}
              value={f.unitId}
              allowDeselect={false}
              onChange={(v) => v && v !== f.unitId && guarded('replace', changeFormationUnit(roster, f.id, v))}
              style={{ flex: 1 }}
            />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} aria-label="Formation points">
              {validation.breakdown.formations[f.id] ?? 0} pts
            </Text>
            {provisional && <ProvisionalMark what={`${f.name} points`} />}
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${f.name}`} onClick={() => guarded('remove', removeFormation(roster, f.id))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        {veteran && <VeteranRecordView name={f.name} record={veteran} />}
        <Group gap="md">
          <Text size="xs" c="dimmed">
            {f.fighters.length} of {size.min === size.max ? size.min : `${size.min}–${size.max}`} fighters
          </Text>
          {officer >= 0 && (
            <Text size="xs" c="dimmed">
              Officer posted: {roster.officers[officer]!.name || `Officer ${officer + 1}`}
            </Text>
          )}
          {f.slot === 'skirmisher' && (
            <Checkbox
              size="xs"
              label="Starts in reserve (Uncloak from round two)"
              checked={f.inReserve}
              onChange={(e) => onChange(updateFormation(roster, f.id, { inReserve: e.currentTarget.checked }))}
            />
          )}
        </Group>
        <FightersTable roster={roster} formation={f} pack={pack} validation={validation} onChange={onChange} />
        <Group>
          <LimitedButton
            size="xs"
            leftSection={<IconPlus size={14} />}
            refusal={addFighterRefusal(pack, f)}
            onClick={() => onChange(addFighter(roster, f.id))}
            disabled={f.fighters.length >= 20}
          >
            Add fighter
          </LimitedButton>
        </Group>
        <ViolationList violations={concerns} label={`${f.name}: change this`} />
      </Stack>
      <VeteranLossConfirm
        name={f.name}
        record={veteran}
        action={asking?.action ?? null}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) onChange(asking.change);
          setAsking(null);
        }}
      />
    </Card>
  );
}

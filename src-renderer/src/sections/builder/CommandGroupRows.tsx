import { ActionIcon, Select, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { removeOfficer, updateOfficer } from '../../../../src-shared/roster/edit';
import type { Roster } from '../../../../src-shared/roster/schema';
import { legalOfficerHosts, type RosterValidation } from '../../../../src-shared/roster/validate';
import type { RulesetPack, Unit } from '../../../../src-shared/ruleset/schema';
import { EquipmentPicker } from './EquipmentPicker';
import { loadoutOptions, STANDARD, toLoadoutId } from './loadout-options';

/** The command group table's rows: the Captain's, and one per Officer with the Officer's posting. */

const WITH_CAPTAIN = '__captain__';

interface RowProps {
  roster: Roster;
  pack: RulesetPack;
  validation: RosterValidation;
  onChange: (r: Roster) => void;
}

export function CaptainRow({ roster, pack, validation, onChange, captain }: RowProps & { captain: NonNullable<Roster['captain']> }) {
  const unit = pack.units.find((u) => u.id === captain.unitId);
  const setCaptain = (change: Partial<NonNullable<Roster['captain']>>) => onChange({ ...roster, captain: { ...captain, ...change } });
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          Captain
        </Text>
        <Text size="xs" c="dimmed">
          {unit?.name ?? captain.unitId} · {unit?.cost ?? 0} pts
        </Text>
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label="Captain's name"
          placeholder="Name"
          value={captain.name}
          maxLength={80}
          onChange={(e) => setCaptain({ name: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <Select
          miw={190}
          aria-label="Captain's loadout"
          data={loadoutOptions(unit, pack)}
          value={captain.loadoutId ?? STANDARD}
          allowDeselect={false}
          onChange={(v) => setCaptain({ loadoutId: toLoadoutId(v) })}
        />
      </Table.Td>
      <Table.Td>
        <EquipmentPicker
          pack={pack}
          slot="captain"
          value={captain.equipment}
          label="Captain's equipment"
          path={['captain', 'equipment']}
          validation={validation}
          onChange={(equipment) => setCaptain({ equipment })}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          Leads the command group
        </Text>
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label="Dismiss the Captain" onClick={() => onChange({ ...roster, captain: null })}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

type Officer = Roster['officers'][number];

/** Where an Officer may be posted: with the Captain, or to a legal host; a posting no longer legal stays, flagged. */
function postingOptions(roster: Roster, pack: RulesetPack, o: Officer) {
  const hosts = legalOfficerHosts(roster, pack, o.id);
  const options = [{ value: WITH_CAPTAIN, label: 'With the Captain' }, ...hosts.map((h) => ({ value: h.formationId, label: h.name }))];
  // a posting that is no longer legal stays visible (and flagged) rather than silently vanishing
  if (o.postedTo && !hosts.some((h) => h.formationId === o.postedTo)) {
    const f = roster.formations.find((x) => x.id === o.postedTo);
    options.push({ value: o.postedTo, label: `${f?.name ?? 'Removed formation'} (not allowed)` });
  }
  return options;
}

/** An Officer's unit: a choice when the faction has several Officer units, else just its name and cost. */
function OfficerUnit({
  label,
  officer: o,
  unit,
  officerUnits,
  onPick,
}: {
  label: string;
  officer: Officer;
  unit: Unit | undefined;
  officerUnits: Unit[];
  onPick: (unitId: string) => void;
}) {
  if (officerUnits.length > 1) {
    return (
      <Select
        aria-label={`${label}: unit`}
        size="xs"
        data={officerUnits.map((u) => ({ value: u.id, label: `${u.name} (${u.cost} pts)` }))}
        value={o.unitId}
        allowDeselect={false}
        onChange={(v) => v && onPick(v)}
      />
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {unit?.name ?? o.unitId} · {unit?.cost ?? 0} pts
    </Text>
  );
}

export function OfficerRow({
  roster,
  pack,
  validation,
  onChange,
  officer: o,
  index: i,
  officerUnits,
}: RowProps & { officer: Officer; index: number; officerUnits: Unit[] }) {
  const unit = pack.units.find((u) => u.id === o.unitId);
  const label = `Officer ${i + 1}`;
  const update = (change: Parameters<typeof updateOfficer>[2]) => onChange(updateOfficer(roster, o.id, change));
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <OfficerUnit label={label} officer={o} unit={unit} officerUnits={officerUnits} onPick={(unitId) => update({ unitId, loadoutId: null })} />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={`${label}: name`} placeholder="Name" value={o.name} maxLength={80} onChange={(e) => update({ name: e.currentTarget.value })} />
      </Table.Td>
      <Table.Td>
        <Select
          miw={190}
          aria-label={`${label}: loadout`}
          data={loadoutOptions(unit, pack)}
          value={o.loadoutId ?? STANDARD}
          allowDeselect={false}
          onChange={(v) => update({ loadoutId: toLoadoutId(v) })}
        />
      </Table.Td>
      <Table.Td>
        <EquipmentPicker
          pack={pack}
          slot="officer"
          value={o.equipment}
          label={`${label}: equipment`}
          path={['officers', i, 'equipment']}
          validation={validation}
          onChange={(equipment) => update({ equipment })}
        />
      </Table.Td>
      <Table.Td>
        <Select
          miw={170}
          aria-label={`${label}: posting`}
          data={postingOptions(roster, pack, o)}
          value={o.postedTo ?? WITH_CAPTAIN}
          allowDeselect={false}
          onChange={(v) => update({ postedTo: v && v !== WITH_CAPTAIN ? v : null })}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={`Dismiss ${label}`} onClick={() => onChange(removeOfficer(roster, o.id))}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

import { ActionIcon, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { recruitCaptain, recruitCommandGroup, recruitOfficer, removeOfficer, unitsFor, updateOfficer } from '../../../../src-shared/roster/edit';
import type { Roster } from '../../../../src-shared/roster/schema';
import { legalOfficerHosts, type RosterValidation } from '../../../../src-shared/roster/validate';
import type { RulesetPack, Unit } from '../../../../src-shared/ruleset/schema';
import { EquipmentPicker } from './EquipmentPicker';
import { ViolationList } from './ViolationList';
import { TableHead } from '../../components/TableHead';
import { ProvisionalMark } from '../../components/ProvisionalMark';

const WITH_CAPTAIN = '__captain__';

/** Select values must be non-empty: this one stands for "no loadout". */
export const STANDARD = '__standard__';
export const toLoadoutId = (v: string | null) => (v && v !== STANDARD ? v : null);

export function loadoutOptions(unit: Unit | undefined, pack: RulesetPack) {
  return [
    { value: STANDARD, label: 'Standard equipment' },
    ...(unit?.loadouts ?? []).map((l) => ({ value: l.id, label: `${l.name} (+${l.id === pack.sniper.unitLoadoutId ? pack.sniper.cost : l.cost} pts)` })),
  ];
}

/** The Captain and the four Officers, with each Officer's posting (only legal hosts are offered). */
export function CommandGroupCard({
  roster,
  pack,
  validation,
  provisional = false,
  onChange,
}: {
  roster: Roster;
  pack: RulesetPack;
  validation: RosterValidation;
  /** Its points rest on a provisional cost. */
  provisional?: boolean;
  onChange: (r: Roster) => void;
}) {
  const units = new Map(pack.units.map((u) => [u.id, u]));
  const officerUnits = unitsFor(pack, roster.factionId, 'officer');
  const concerns = validation.violations.filter((v) => v.path[0] === 'captain' || v.path[0] === 'officers');
  const missing = !roster.captain || roster.officers.length < pack.recruitment.officers;
  const captainUnit = roster.captain ? units.get(roster.captain.unitId) : undefined;

  return (
    <Card withBorder component="section" aria-label="Command group">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Command group
        </Title>
        <Group gap={4}>
          <Text size="sm" c="dimmed">
            {validation.breakdown.command} pts
          </Text>
          {provisional && <ProvisionalMark what="Command group points" />}
        </Group>
      </Group>
      <Stack gap="xs">
        {missing && (
          <Group gap="xs">
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => onChange(recruitCommandGroup(roster, pack))}>
              Recruit command group
            </Button>
            {!roster.captain && (
              <Button variant="default" onClick={() => onChange(recruitCaptain(roster, pack))}>
                Recruit Captain
              </Button>
            )}
            {roster.officers.length < pack.recruitment.officers && (
              <Button variant="default" onClick={() => onChange(recruitOfficer(roster, pack))}>
                Recruit an Officer
              </Button>
            )}
          </Group>
        )}
        {(roster.captain || roster.officers.length > 0) && (
          // below this width the table scrolls rather than cutting its choices short (1024×700 screens)
          <Table.ScrollContainer minWidth={860} type="native">
            <Table verticalSpacing={4} aria-label="Captain and Officers">
              <TableHead columns={['Role', 'Name', 'Loadout', 'Equipment', 'Posting', { label: 'Remove', hidden: true }]} />
              <Table.Tbody>
                {roster.captain && (
                  <Table.Tr>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        Captain
                      </Text>
                      <Text size="xs" c="dimmed">
                        {captainUnit?.name ?? roster.captain.unitId} · {captainUnit?.cost ?? 0} pts
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label="Captain's name"
                        placeholder="Name"
                        value={roster.captain.name}
                        maxLength={80}
                        onChange={(e) => onChange({ ...roster, captain: { ...roster.captain!, name: e.currentTarget.value } })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        miw={190}
                        aria-label="Captain's loadout"
                        data={loadoutOptions(captainUnit, pack)}
                        value={roster.captain.loadoutId ?? STANDARD}
                        allowDeselect={false}
                        onChange={(v) => onChange({ ...roster, captain: { ...roster.captain!, loadoutId: toLoadoutId(v) } })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <EquipmentPicker
                        pack={pack}
                        slot="captain"
                        value={roster.captain.equipment}
                        label="Captain's equipment"
                        path={['captain', 'equipment']}
                        validation={validation}
                        onChange={(equipment) => onChange({ ...roster, captain: { ...roster.captain!, equipment } })}
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
                )}
                {roster.officers.map((o, i) => {
                  const unit = units.get(o.unitId);
                  const label = `Officer ${i + 1}`;
                  const hosts = legalOfficerHosts(roster, pack, o.id);
                  const postingOptions = [{ value: WITH_CAPTAIN, label: 'With the Captain' }, ...hosts.map((h) => ({ value: h.formationId, label: h.name }))];
                  // a posting that is no longer legal stays visible (and flagged) rather than silently vanishing
                  if (o.postedTo && !hosts.some((h) => h.formationId === o.postedTo)) {
                    const f = roster.formations.find((x) => x.id === o.postedTo);
                    postingOptions.push({ value: o.postedTo, label: `${f?.name ?? 'Removed formation'} (not allowed)` });
                  }
                  return (
                    <Table.Tr key={o.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {label}
                        </Text>
                        {officerUnits.length > 1 ? (
                          <Select
                            aria-label={`${label}: unit`}
                            size="xs"
                            data={officerUnits.map((u) => ({ value: u.id, label: `${u.name} (${u.cost} pts)` }))}
                            value={o.unitId}
                            allowDeselect={false}
                            onChange={(v) => v && onChange(updateOfficer(roster, o.id, { unitId: v, loadoutId: null }))}
                          />
                        ) : (
                          <Text size="xs" c="dimmed">
                            {unit?.name ?? o.unitId} · {unit?.cost ?? 0} pts
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`${label}: name`}
                          placeholder="Name"
                          value={o.name}
                          maxLength={80}
                          onChange={(e) => onChange(updateOfficer(roster, o.id, { name: e.currentTarget.value }))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          miw={190}
                          aria-label={`${label}: loadout`}
                          data={loadoutOptions(unit, pack)}
                          value={o.loadoutId ?? STANDARD}
                          allowDeselect={false}
                          onChange={(v) => onChange(updateOfficer(roster, o.id, { loadoutId: toLoadoutId(v) }))}
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
                          onChange={(equipment) => onChange(updateOfficer(roster, o.id, { equipment }))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          miw={170}
                          aria-label={`${label}: posting`}
                          data={postingOptions}
                          value={o.postedTo ?? WITH_CAPTAIN}
                          allowDeselect={false}
                          onChange={(v) => onChange(updateOfficer(roster, o.id, { postedTo: v && v !== WITH_CAPTAIN ? v : null }))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" aria-label={`Dismiss ${label}`} onClick={() => onChange(removeOfficer(roster, o.id))}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ViolationList violations={concerns} label="Command group" />
      </Stack>
    </Card>
  );
}

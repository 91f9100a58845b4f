import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { recruitCaptain, recruitCommandGroup, recruitOfficer, unitsFor } from '../../../../src-shared/roster/edit';
import type { Roster } from '../../../../src-shared/roster/schema';
import type { RosterValidation } from '../../../../src-shared/roster/validate';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { ViolationList } from './ViolationList';
import { TableHead } from '../../components/TableHead';
import { ProvisionalMark } from '../../components/ProvisionalMark';
import { CaptainRow, OfficerRow } from './CommandGroupRows';

/** The buttons that fill a command group still short of its Captain or Officers. */
function RecruitButtons({ roster, pack, onChange }: { roster: Roster; pack: RulesetPack; onChange: (r: Roster) => void }) {
  return (
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
  );
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
  const officerUnits = unitsFor(pack, roster.factionId, 'officer');
  const concerns = validation.violations.filter((v) => v.path[0] === 'captain' || v.path[0] === 'officers');
  const missing = !roster.captain || roster.officers.length < pack.recruitment.officers;
  const rows = { roster, pack, validation, onChange };

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
        {missing && <RecruitButtons roster={roster} pack={pack} onChange={onChange} />}
        {(roster.captain || roster.officers.length > 0) && (
          // below this width the table scrolls rather than cutting its choices short (1024×700 screens)
          <Table.ScrollContainer minWidth={860} type="native">
            <Table verticalSpacing={4} aria-label="Captain and Officers">
              <TableHead columns={['Role', 'Name', 'Loadout', 'Equipment', 'Posting', { label: 'Remove', hidden: true }]} />
              <Table.Tbody>
                {roster.captain && <CaptainRow {...rows} captain={roster.captain} />}
                {roster.officers.map((o, i) => (
                  <OfficerRow key={o.id} {...rows} officer={o} index={i} officerUnits={officerUnits} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ViolationList violations={concerns} label="Command group" />
      </Stack>
    </Card>
  );
}

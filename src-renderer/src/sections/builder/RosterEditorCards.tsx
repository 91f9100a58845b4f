import { Autocomplete, Button, Card, Group, SimpleGrid, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ChannelOutput } from '../../../../src-shared/contract';
import type { Roster } from '../../../../src-shared/roster/schema';
import type { RosterValidation } from '../../../../src-shared/roster/validate';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { AllowanceCompare } from './AllowanceCompare';
import { FormationCard } from './FormationCard';
import { PointsBar } from './PointsBar';
import type { veteranRecords } from './veteran-record';

/** The roster editor's cards below its header: points, the formations, the warband's details and the save status. */

export function PointsCard({
  validation,
  provisional,
  detail,
}: {
  validation: RosterValidation;
  provisional: boolean | undefined;
  detail: ChannelOutput<'rosters.get'>;
}) {
  return (
    <Card withBorder>
      <PointsBar spent={validation.points.spent} allowance={validation.points.allowance} models={validation.models} provisional={provisional} />
      {provisional && (
        <Text size="xs" c="dimmed" mt={4}>
          Some of these points rest on provisional costs: the pack’s stand-ins until the designer publishes a figure (marked prov., or † in the unit lists).
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        Allowance: {detail.allowanceSource}.
      </Text>
      <AllowanceCompare detail={detail} />
    </Card>
  );
}

/** A removed formation can be brought back at once from the notice, or later with Undo. */
function noticeRemoved(formation: { id: string; name: string }, undo: () => void) {
  notifications.show({
    id: `removed-${formation.id}`,
    message: (
      <Group gap="xs" justify="space-between">
        <Text size="sm">{formation.name} removed.</Text>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => {
            undo();
            notifications.hide(`removed-${formation.id}`);
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}

/** One card per formation; removing one says so, with an Undo. */
export function FormationCards({
  draft,
  pack,
  validation,
  provisional,
  veterans,
  setDraft,
  undo,
}: {
  draft: Roster;
  pack: RulesetPack;
  validation: RosterValidation;
  provisional: ReadonlySet<string> | undefined;
  veterans: ReturnType<typeof veteranRecords> | null;
  setDraft: (r: Roster) => void;
  undo: () => void;
}) {
  return draft.formations.map((f) => (
    <FormationCard
      key={f.id}
      roster={draft}
      formation={f}
      pack={pack}
      validation={validation}
      provisional={provisional?.has(f.id)}
      veteran={veterans?.get(f.id)}
      onChange={(next) => {
        setDraft(next);
        if (next.formations.length < draft.formations.length) noticeRemoved(f, undo);
      }}
    />
  ));
}

/** The starting city and the notes: words about the warband that change no rule. */
export function WarbandDetailsCard({ draft, cities, setDraft }: { draft: Roster; cities: string[]; setDraft: (r: Roster) => void }) {
  return (
    <Card withBorder component="section" aria-label="Warband details">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Autocomplete
          label="Starting city"
          description="Where the warband was raised; it has no effect on the rules."
          data={cities}
          value={draft.startingCity}
          maxLength={80}
          onChange={(v) => setDraft({ ...draft, startingCity: v })}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxLength={4000}
          value={draft.notes}
          onChange={(e) => setDraft({ ...draft, notes: e.currentTarget.value })}
        />
      </SimpleGrid>
    </Card>
  );
}

/** Whether the last change is saved yet, and what a roster that breaks a rule may not do. */
export function SaveStatus({ dirty, valid }: { dirty: boolean; valid: boolean }) {
  return (
    <Text size="sm" c="dimmed" role="status">
      {dirty ? 'Saving your changes…' : 'Every change is saved as you work; Undo and Redo step through this visit’s changes.'}{' '}
      {!valid && 'A roster that breaks a rule is kept as a draft: it cannot be played or printed as final.'}
    </Text>
  );
}

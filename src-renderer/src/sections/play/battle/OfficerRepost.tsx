import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { citeFieldManual } from '../../../../../src-shared/naming';
import { useState } from 'react';
import { formationMayAct } from '../../../../../src-shared/battle/formation-life';
import { repostRefusal } from '../../../../../src-shared/battle/officer-posting';
import type { Side } from '../../../../../src-shared/battle/setup';
import type { BattleHook } from '../useBattle';

/** Re-posting an Officer mid-battle: recorded now, in force from the next round (DIGEST AMB-18f). */
export function OfficerRepost({ b, side }: { b: BattleHook; side: Side }) {
  const s = b.state!;
  const sd = s.sides[side];
  const [officer, setOfficer] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const living = sd.officers.filter((o) => !o.lost);
  if (living.length === 0) return null;
  const dest = to === 'command' ? null : to;
  const refusal = officer && to ? repostRefusal(s, side, officer, dest) : null;
  const name = (id: string | null) => (id === null ? 'the command group' : (sd.formations.find((f) => f.id === id)?.name ?? id));
  const pending = living.filter((o) => o.nextPost !== undefined);
  return (
    <Stack gap={4} role="group" aria-label="Officer posting">
      <Group align="flex-end" gap="sm">
        <Select
          label="Officer"
          data={living.map((o) => ({ value: o.id, label: `${o.name} (with ${name(o.attachedTo)})` }))}
          value={officer}
          onChange={setOfficer}
        />
        <Select
          label="Posted to, from the next round"
          data={[
            { value: 'command', label: 'The command group' },
            // a Core or Elite squad the life cycle lets take an Officer: on the table, not destroyed or gone (formation-life.ts)
            ...sd.formations
              .filter((f) => (f.slot === 'core' || f.slot === 'elite') && formationMayAct(s, side, f.id, 'host-officer'))
              .map((f) => ({ value: f.id, label: f.name })),
          ]}
          value={to}
          onChange={setTo}
        />
        <Button
          variant="default"
          disabled={!officer || !to || refusal !== null}
          onClick={() =>
            // on a phone the form forgets what it sent (issue 42): a second tap has no Officer to re-post
            b.act.mutate(
              { kind: 'record', body: { kind: 'officer.repost', side, officerId: officer!, to: dest } },
              {
                onSuccess: () => {
                  if (b.access !== 'table') return;
                  setOfficer(null);
                  setTo(null);
                },
              },
            )
          }
        >
          Re-post
        </Button>
      </Group>
      {refusal && (
        <Text size="xs" data-testid="repost-refusal">
          {citeFieldManual(refusal)}
        </Text>
      )}
      {pending.map((o) => (
        <Text key={o.id} size="xs">
          {o.name} joins {name(o.nextPost ?? null)} when the next round starts.
        </Text>
      ))}
    </Stack>
  );
}

import { Badge, Checkbox, Group, List, Text } from '@mantine/core';
import { PanelCard } from '../../../components/PanelCard';
import { useState } from 'react';
import { activationProfileInput, armyMaySuppress, effectiveProfile } from '../../../../../src-shared/battle/effective-profile';
import { useBattleRosters } from '../battle-reads';
import type { BattleHook } from '../useBattle';
import { Val } from '../../../components/ProvisionalMark';

/**
 * The active formation's profile for this activation (effective-profile.ts):
 * Movement, Save and what it may do, with every rule that changes them named.
 * What the app cannot see (a Cinder Suppression wound, where the other army
 * can inflict one; a path through the storm) the players tick.
 */
export function ActivationProfileCard({ b }: { b: BattleHook }) {
  const s = b.state!;
  const detail = b.battle.data!;
  const [cinder, setCinder] = useState(false);
  const [storm, setStorm] = useState(false);
  const rosters = useBattleRosters(b);
  const found = activationProfileInput(s);
  if (!found) return null;
  // the tick is offered only where the other army has a model that can inflict it (or its roster is not stored)
  const suppressible = armyMaySuppress(rosters[found.side === 'A' ? 1 : 0], b.pack!);
  const f = s.sides[found.side].formations.find((x) => x.id === found.formationId)!;
  const p = effectiveProfile({
    ...found.input,
    cinderSuppressed: suppressible && cinder,
    throughStorm: storm && !!s.storm,
    stormMoveCost: b.rules!.storm.moveCost,
  });
  const player = detail.setup.sides[found.side === 'A' ? 0 : 1].playerName;
  const snap = detail.setup.sides[found.side === 'A' ? 0 : 1].formations.find((x) => x.id === found.formationId);
  return (
    <PanelCard label="This activation" title={`${f.name} (${player}) activates`}>
      <Group gap="sm" mb="xs">
        <Val provisional={snap?.provisionalStats.includes('move')} what="Move">
          <Badge size="lg" variant="light" color="dark" data-testid="activation-move">
            Move {p.move === null ? '—' : `${p.move}"`}
          </Badge>
        </Val>
        <Val provisional={snap?.provisionalStats.includes('save')} what="Save">
          <Badge size="lg" variant="light" color="dark" data-testid="activation-save">
            Save {p.save === null ? '—' : `${p.save}+`}
          </Badge>
        </Val>
        {!p.canCharge && (
          <Badge size="lg" color="red" variant="light">
            Cannot charge
          </Badge>
        )}
        {p.steadyFire && (
          <Badge size="lg" color="teal" variant="light">
            Steady Fire +1
          </Badge>
        )}
      </Group>
      {p.sources.length > 0 ? (
        <List size="sm" aria-label="Why">
          {p.sources.map((x) => (
            <List.Item key={x.source}>
              {x.source}: {x.effect}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">Its profile as printed: no rule changes it this activation.</Text>
      )}
      <Group mt="xs">
        {suppressible && (
          <Checkbox
            size="xs"
            label="Wounded by Cinder Suppression since its last activation"
            checked={cinder}
            onChange={(e) => setCinder(e.currentTarget.checked)}
          />
        )}
        {s.storm && <Checkbox size="xs" label="Moves through the storm" checked={storm} onChange={(e) => setStorm(e.currentTarget.checked)} />}
      </Group>
    </PanelCard>
  );
}

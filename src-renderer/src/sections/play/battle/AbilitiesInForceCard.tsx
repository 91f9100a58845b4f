import { Badge, List, Text } from '@mantine/core';
import { PanelCard } from '../../../components/PanelCard';
import { abilityName, activeCaptainAbilities, EXPIRY_WORDS } from '../../../../../src-shared/battle/captain-abilities';
import { effectiveProfile, formationProfileInput } from '../../../../../src-shared/battle/effective-profile';
import type { BattleHook } from '../useBattle';

/**
 * The Captain signature abilities in force now (captain-abilities.ts), each
 * until its printed expiry, also after its Captain has fallen; Iron Edict
 * names the formations it still covers with their Save. Nothing is shown
 * once every declared ability has expired.
 */
export function AbilitiesInForceCard({ b }: { b: BattleHook }) {
  const s = b.state!;
  const detail = b.battle.data!;
  const active = activeCaptainAbilities(s);
  if (active.length === 0) return null;
  return (
    <PanelCard label="Captain abilities in force" title="Captain abilities in force">
      <List size="sm" spacing={4}>
        {active.map((a) => {
          const player = detail.setup.sides[a.side === 'A' ? 0 : 1].playerName;
          const covered = (a.formations ?? []).map((id) => {
            const f = s.sides[a.side].formations.find((x) => x.id === id)!;
            const p = effectiveProfile({ ...formationProfileInput(s, a.side, id), cinderSuppressed: false, throughStorm: false, stormMoveCost: 0 });
            return `${f.name} Save ${p.save === null ? '—' : `${p.save}+`}`;
          });
          return (
            <List.Item key={`${a.side}-${a.abilityId}`} data-testid="ability-in-force">
              <Text span fw={600}>
                {abilityName(b.rules!, a.abilityId)}
              </Text>{' '}
              ({player}): {a.effect}
              {covered.length ? ` — ${covered.join(', ')}` : ''}, {EXPIRY_WORDS[a.expiry]}.{' '}
              {a.captainFallen && (
                <Badge size="sm" color="gray" variant="light">
                  Captain fallen: it lasts to its expiry
                </Badge>
              )}
            </List.Item>
          );
        })}
      </List>
    </PanelCard>
  );
}

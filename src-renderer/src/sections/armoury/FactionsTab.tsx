import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modelCost, unitsOf } from '../../../../src-shared/ruleset/lookup';
import { type RulesetPack } from '../../../../src-shared/ruleset/schema';
import { isProvisional } from '../../../../src-shared/ruleset/pack-facts';
import { ProvisionalMark } from '../../components/ProvisionalMark';
import { SLOT_LABEL } from './UnitCard';

/** What the smallest legal army of a faction costs: Captain, four Officers and two Core squads of three. */
function minimumArmy(pack: RulesetPack, factionId: string): number | undefined {
  const cheapest = (slot: 'captain' | 'officer' | 'core') => Math.min(...unitsOf(pack, factionId, slot).map((u) => modelCost(pack, u)));
  const r = pack.recruitment;
  const total = cheapest('captain') * r.captains + cheapest('officer') * r.officers + cheapest('core') * r.core.min * r.core.size.min;
  return Number.isFinite(total) ? total : undefined;
}

export function FactionsTab({ pack, onPick }: { pack: RulesetPack; onPick: (factionName: string) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {pack.factions.map((f) => {
        const ability = pack.captainAbilities.find((a) => a.id === f.captainAbility);
        const min = minimumArmy(pack, f.id);
        return (
          <Card key={f.id} withBorder padding="md">
            <Stack gap={6}>
              <Group justify="space-between">
                <Title order={3} size="h5">
                  {f.name}
                </Title>
                {min !== undefined && (
                  <Badge variant="default" title="Captain, four Officers and two Core squads of three at their cheapest">
                    smallest army {min} pts
                  </Badge>
                )}
              </Group>
              {f.text && (
                <Text size="sm">
                  {f.text} {isProvisional(f, 'text') && <ProvisionalMark what={`${f.name} description`} />}
                </Text>
              )}
              {ability && (
                <Text size="sm">
                  <b>Captain’s signature ability, {ability.name}:</b> {ability.text}
                </Text>
              )}
              {f.cities.length > 0 && (
                <Text size="xs" c="dimmed">
                  Starting cities: {f.cities.join(', ')} {isProvisional(f, 'cities') && <ProvisionalMark what={`${f.name} cities`} />}
                </Text>
              )}
              <Group gap={6}>
                {pack.units
                  .filter((u) => u.factionId === f.id)
                  .map((u) => (
                    <Badge
                      key={u.id}
                      variant="default"
                      size="sm"
                      component="button"
                      style={{ cursor: 'pointer' }}
                      onClick={() => onPick(u.name)}
                      title={`${SLOT_LABEL[u.slot]}: show in Units`}
                    >
                      {u.name}
                    </Badge>
                  ))}
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

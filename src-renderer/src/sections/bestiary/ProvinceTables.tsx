import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { findCryptid } from '../../../../src-shared/ruleset/lookup';
import { type RulesetPack } from '../../../../src-shared/ruleset/schema';
import { isProvisional } from '../../../../src-shared/ruleset/pack-facts';
import { ProvisionalMark } from '../../components/ProvisionalMark';

const FACES = ['1–2', '3–4', '5–6'];

export function ProvinceTables({ pack, onOpen, onEdit }: { pack: RulesetPack; onOpen: (cryptidId: string) => void; onEdit: (provinceId: string) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {pack.provinces.map((p) => (
        <Card key={p.id} withBorder padding="sm">
          <Group justify="space-between" mb={4}>
            <Group gap="xs">
              <Title order={3} size="h6">
                {p.name}
              </Title>
              {isProvisional(p) && <ProvisionalMark what={p.name} />}
            </Group>
            <Button size="compact-xs" variant="default" onClick={() => onEdit(p.id)} aria-label={`Edit ${p.name}`}>
              Edit
            </Button>
          </Group>
          {p.text && (
            <Text size="xs" c="dimmed" mb="xs">
              {p.text}
              {p.homeFactions.length > 0 && ` Home of ${p.homeFactions.map((f) => pack.factions.find((x) => x.id === f)?.name ?? f).join(', ')}.`}
            </Text>
          )}
          <Table fz="sm" aria-label={`${p.name} encounter table`}>
            <Table.Tbody>
              {p.cryptids.map((id, i) => {
                const c = findCryptid(pack, id);
                return (
                  <Table.Tr key={i}>
                    <Table.Td w={50}>{FACES[i]}</Table.Td>
                    <Table.Td>
                      <Text
                        component="button"
                        type="button"
                        size="sm"
                        c="blue.9"
                        td="underline"
                        style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
                        onClick={() => onOpen(id)}
                      >
                        {c?.name ?? id}
                      </Text>
                      {c?.class === 'boss' && (
                        <Text span size="xs" c="red.9">
                          {' '}
                          Boss
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {p.missionVariants.length > 0 && (
            <Stack gap={2} mt="xs" aria-label={`${p.name}: mission variants`}>
              {p.missionVariants.map((v) => (
                <Text key={v.id} size="xs">
                  <Text span fw={600} inherit>
                    {v.name}
                  </Text>{' '}
                  (its version of Mission {v.mission}){isProvisional(v) && <ProvisionalMark what={v.name} />}: {v.briefing}
                </Text>
              ))}
            </Stack>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

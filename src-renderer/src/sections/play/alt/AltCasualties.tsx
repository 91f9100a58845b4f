import { Card, NumberInput, Stack, Table, Title } from '@mantine/core';
import type { AltFormation } from '../../../../../src-shared/battle/alternating-battle';

/**
 * Models each formation has lost so far. Destroyed models count towards rout;
 * retreated models do not (DIGEST §23, AMB-S4).
 */
export function AltCasualties({
  formations,
  sideNames,
  onChange,
}: {
  formations: AltFormation[];
  sideNames: [string, string];
  onChange: (formationId: string, destroyed: number, retreated: number) => void;
}) {
  return (
    <Card withBorder aria-labelledby="casualties-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="casualties-title">
          Casualties
        </Title>
        <Table fz="sm" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Formation</Table.Th>
              <Table.Th>Models</Table.Th>
              <Table.Th>Destroyed</Table.Th>
              <Table.Th>Retreated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {formations.map((f) => {
              const label = `${sideNames[f.side]} ${f.name}`;
              return (
                <Table.Tr key={f.id}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td>{f.models}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${label} destroyed`}
                      min={0}
                      max={f.models - f.retreated}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="strict"
                      value={f.destroyed}
                      onChange={(v) => typeof v === 'number' && onChange(f.id, v, f.retreated)}
                      w={90}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${label} retreated`}
                      min={0}
                      max={f.models - f.destroyed}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="strict"
                      value={f.retreated}
                      onChange={(v) => typeof v === 'number' && onChange(f.id, f.destroyed, v)}
                      w={90}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

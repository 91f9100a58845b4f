import { Select, SimpleGrid, Text } from '@mantine/core';
import type { OddsOptions } from '../../../../../src-shared/odds/spec';
import { RULE_OPTION_INFO } from '../../../../../src-shared/ruleset/options';

const KEYS = ['steadyFire', 'secondChanceScope', 'rallyTheLost', 'shieldLine', 'overdriveRisk'] as const;

/**
 * The rulings the odds depend on (DIGEST AMB-11, 12, 14, 29, 30). A battle
 * passes its campaign's choices; here they can be tried out, with the
 * Rulings panel's own labels and explanations.
 */
export function RulingsInputs({ options, onChange }: { options: OddsOptions; onChange: (o: OddsOptions) => void }) {
  return (
    <div role="group" aria-label="Rulings used">
      <Text size="sm" fw={600} mb={4}>
        Rulings used
      </Text>
      <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }} spacing="xs">
        {KEYS.map((k) => {
          const info = RULE_OPTION_INFO[k];
          return (
            <Select
              key={k}
              label={`Ruling: ${info.label}`}
              description={`${info.explanation} (${info.source})`}
              data={info.choices.map((c) => ({ value: String(c.value), label: c.label }))}
              value={String(options[k])}
              onChange={(v) => v && onChange({ ...options, [k]: v })}
              allowDeselect={false}
            />
          );
        })}
      </SimpleGrid>
    </div>
  );
}

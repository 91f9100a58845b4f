import { Alert, Button, Card, Checkbox, Group, List, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { willCheckPasses, willModifierParts, willNeededRoll, willPassChance } from '../../../../../src-shared/battle/morale-will-check';
import { CountInput } from '../../../components/CountInput';

interface Props {
  formationName: string;
  /** The Resolve target on the formation's profile. */
  resolve: number;
  /** The command group holds the Captain, who cannot lend himself a bonus. */
  isCommandGroup?: boolean;
  /** The Resolve comes from the formation's profile and cannot be changed here. */
  resolveFixed?: boolean;
  /** Close the check without recording it (the players chose another formation). */
  onCancel?: () => void;
  onResult: (passed: boolean, detail: { roll: number; modifier: number; resolve: number }) => void;
  /** Let the app roll: the backend rolls the D6 and records the check with it (never a die rolled on this screen). */
  onRollByApp?: (detail: { modifier: number; resolve: number }) => void;
}

const RESOLVE_CHOICES = [2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: `${n}+` }));

/**
 * The Will check a formation of a routing company takes before acting:
 * a Resolve roll with the module's modifiers (DIGEST §23 T13–T15). The
 * players judge distance and line of sight; the app adds it up, shows the
 * exact chance and records the result.
 */
export function WillCheckPanel({ formationName, resolve: profileResolve, isCommandGroup, resolveFixed, onCancel, onResult, onRollByApp }: Props) {
  const [resolve, setResolve] = useState(profileResolve);
  const [otherFriends, setOtherFriends] = useState(0);
  const [captainNearby, setCaptainNearby] = useState(false);
  const [fearless, setFearless] = useState(false);
  const [roll, setRoll] = useState<number | null>(null);

  const parts = willModifierParts({ otherFriends, captainNearby: captainNearby && !isCommandGroup, fearless });
  const modifier = parts.reduce((n, p) => n + p.value, 0);
  const chance = willPassChance(resolve, modifier);
  const passed = roll === null ? null : willCheckPasses(roll, resolve, modifier);

  return (
    <Card withBorder aria-labelledby="will-title" bg="var(--mantine-color-red-light)">
      <Stack gap="sm">
        <Title order={2} size="h4" id="will-title">
          Will check: {formationName}
        </Title>
        <Text size="sm">Its company is routing, so it tests before taking any action. A natural 1 fails and a natural 6 passes.</Text>
        <Group align="flex-end" gap="md">
          <Select
            label="Resolve"
            description={resolveFixed ? 'From its profile' : undefined}
            data={RESOLVE_CHOICES}
            value={String(resolve)}
            onChange={(v) => v && setResolve(Number(v))}
            allowDeselect={false}
            disabled={resolveFixed}
            w={130}
          />
          <CountInput
            label="Other friendly formations within 6″ and in sight"
            description="Not counting the Captain’s group"
            max={20}
            value={otherFriends}
            onChange={setOtherFriends}
            w={300}
          />
        </Group>
        <Group gap="lg">
          <Checkbox
            label="Captain within 6″ and in sight (+2)"
            checked={captainNearby && !isCommandGroup}
            disabled={isCommandGroup}
            description={isCommandGroup ? 'The Captain is in this formation.' : undefined}
            onChange={(e) => setCaptainNearby(e.currentTarget.checked)}
          />
          <Checkbox label="Fearless (+1)" checked={fearless} onChange={(e) => setFearless(e.currentTarget.checked)} />
        </Group>
        <Stack gap={2} aria-label="Modifiers">
          <Text size="sm" fw={600}>
            Modifier +{modifier}
          </Text>
          {parts.length > 0 && (
            <List size="sm">
              {parts.map((p) => (
                <List.Item key={p.label}>
                  +{p.value} {p.label}
                </List.Item>
              ))}
            </List>
          )}
          <Text size="sm" data-testid="will-chance">
            Passes on a natural {willNeededRoll(resolve, modifier)}+: {chance.passingFaces} in 6 ({Math.round(chance.probability * 100)}%)
          </Text>
        </Stack>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Natural D6 roll"
            min={1}
            max={6}
            allowDecimal={false}
            allowNegative={false}
            value={roll ?? ''}
            onChange={(v) => setRoll(typeof v === 'number' && v >= 1 && v <= 6 ? v : null)}
            w={150}
          />
          {onRollByApp && (
            <Button variant="default" onClick={() => onRollByApp({ modifier, resolve })}>
              Let the app roll it
            </Button>
          )}
        </Group>
        {passed !== null && roll !== null && (
          <Alert color={passed ? 'teal' : 'red'} title={passed ? 'Passed' : 'Failed: Broken'} role="status">
            {passed
              ? `Rolled ${roll}: ${formationName} activates normally.`
              : `Rolled ${roll}: ${formationName} is Broken. It withdraws towards its own deployment edge this activation, up to its normal speed, then leaves at double speed.`}
          </Alert>
        )}
        <Group>
          <Button disabled={passed === null} onClick={() => passed !== null && roll !== null && onResult(passed, { roll, modifier, resolve })}>
            Record the check
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Not this formation
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

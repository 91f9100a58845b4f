import { Alert, Checkbox, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { RULE_OF_COOL_CATEGORIES, type RuleOfCoolCategory } from '../../../../../src-shared/battle/rule-of-cool';
import type { Side } from '../../../../../src-shared/battle/setup';
import { ruleOfCoolResult } from '../../../../../src-shared/battle/summary';
import { AppError } from '../../../../../src-shared/errors';
import { ProvisionalMark } from '../../../components/ProvisionalMark';
import { ActionButton } from '../ActionButton';
import type { BattleHook } from '../useBattle';

/**
 * A Rule of Cool attempt (Field Manual §8): offered to a player while their
 * one attempt of the match is unspent and a Captain or Officer of theirs is
 * still on the table. The players agree the category and the result first;
 * the backend rolls the D20 (and a movement stunt's D6) unless they enter
 * the dice they rolled.
 */
export function RuleOfCoolForm({ b, side, name }: { b: BattleHook; side: Side; name: (s: Side) => string }) {
  const s = b.state!;
  const rules = b.rules!.ruleOfCool;
  const sd = s.sides[side];
  const [initiator, setInitiator] = useState<string | null>(null);
  const [category, setCategory] = useState<RuleOfCoolCategory>('damage');
  const [agreed, setAgreed] = useState('');
  const [response, setResponse] = useState(false);
  const [own, setOwn] = useState(false);
  const [d20, setD20] = useState<number | string>('');
  const [d6, setD6] = useState<number | string>('');
  const attempts = s.rounds.flatMap((r) => r.rulesOfCool.map((x) => ({ round: r.round, ...x })));
  const mine = attempts.find((x) => x.side === side);
  const living = [
    ...(sd.captainLost ? [] : [{ value: 'captain', label: 'The Captain' }]),
    ...sd.officers.filter((o) => !o.lost).map((o) => ({ value: o.id, label: o.name })),
  ];
  const agreedError =
    b.act.error instanceof AppError && (b.act.error.path?.includes('agreed') || b.act.error.issues?.some((i) => i.path.includes('agreed')))
      ? b.act.error.message
      : undefined;
  const labels: Record<RuleOfCoolCategory, string> = {
    damage: 'Damage',
    dramatic: `Dramatic effect (${rules.dramaticSuccess}+)`,
    exceptional: `Exceptional command (${rules.exceptionalSuccess}+)`,
    movement: `Movement (${rules.dramaticSuccess}+, ${rules.movementBonus}")`,
  };

  return (
    <Stack>
      {mine && (
        <div role="status" aria-label="Rule of Cool result">
          <Alert
            color={mine.criticalFailure ? 'red' : mine.success ? 'green' : 'gray'}
            // the title in dark text: the light variant's coloured title is too faint to read (WCAG AA)
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
            title={`${name(side)}’s Rule of Cool, round ${mine.round}`}
          >
            {mine.initiator.charAt(0).toUpperCase() + mine.initiator.slice(1)}: {mine.agreed}. D20 {mine.d20} (band {mine.band}): {ruleOfCoolResult(mine)}.{' '}
            {mine.criticalFailure ? 'Record the Wounds against the initiator.' : ''}
          </Alert>
        </div>
      )}
      {mine ? (
        <Text size="sm" c="dimmed">
          Once per match: {name(side)} has no Rule of Cool left.
        </Text>
      ) : living.length === 0 ? (
        <Text size="sm" c="dimmed">
          No Captain or Officer of {name(side)} is left on the table to attempt one.
        </Text>
      ) : (
        <>
          <Text size="sm">
            Once per match, a Captain or Officer may attempt an improvised, physically plausible stunt. Agree the category and what it achieves before rolling.
            A natural 1 fails critically: {rules.criticalFailureWounds} Wounds to the initiator.
          </Text>
          <Group grow align="flex-end">
            <Select label="Initiator" data={living} value={initiator} onChange={setInitiator} allowDeselect={false} />
            <Select
              label="Category"
              data={RULE_OF_COOL_CATEGORIES.map((c) => ({ value: c, label: labels[c] }))}
              value={category}
              onChange={(v) => setCategory(v as RuleOfCoolCategory)}
              allowDeselect={false}
            />
          </Group>
          {category !== 'damage' && (
            <Group gap={6}>
              <Text size="xs">The {rules.dramaticSuccess}+ standard threshold is the Field Manual’s provisional one.</Text>
              <ProvisionalMark what="Rule of Cool success threshold" />
            </Group>
          )}
          <TextInput
            label="Agreed result"
            placeholder="e.g. topples the chimney onto the squad"
            value={agreed}
            onChange={(e) => setAgreed(e.currentTarget.value)}
            error={agreedError}
          />
          <Checkbox
            label="In response to the opponent (its own unspent Rule of Cool)"
            checked={response}
            onChange={(e) => setResponse(e.currentTarget.checked)}
          />
          <Switch label="We rolled the D20 at the table" checked={own} onChange={(e) => setOwn(e.currentTarget.checked)} />
          {own && (
            <Group grow>
              <NumberInput label="D20 rolled" min={1} max={20} value={d20} onChange={setD20} />
              {category === 'movement' && <NumberInput label="Movement D6 (on a success)" min={1} max={6} value={d6} onChange={setD6} />}
            </Group>
          )}
          <ActionButton
            disabled={!initiator || (own && d20 === '')}
            loading={b.act.isPending}
            onClick={() =>
              b.act.mutate(
                {
                  kind: 'rule-of-cool',
                  side,
                  officerId: initiator === 'captain' ? null : initiator,
                  category,
                  agreed,
                  response,
                  d20: own ? Number(d20) : null,
                  moveD6: own && d6 !== '' ? Number(d6) : null,
                },
                // on a phone the form forgets what it sent (issue 42): a second tap has no initiator to send
                {
                  onSuccess: () => {
                    if (b.access !== 'table') return;
                    setInitiator(null);
                    setAgreed('');
                    setD20('');
                    setD6('');
                  },
                },
              )
            }
          >
            {own ? 'Record the Rule of Cool' : 'Roll the D20'}
          </ActionButton>
        </>
      )}
    </Stack>
  );
}

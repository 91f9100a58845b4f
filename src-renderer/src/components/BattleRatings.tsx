import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { CONFUSING_RULE_MAX, RATING_MAX, RATING_MIN, type BattleRatings, type BattleRatingsInput, type SideRating } from '../../../src-shared/battle/ratings';
import { SIDES, type Side } from '../../../src-shared/battle/setup';
import { AppError } from '../../../src-shared/errors';
import { useApiMutation, useApiQuery } from '../api/hooks';
import { ErrorAlert } from './ErrorAlert';
import { Name } from './Name';

/**
 * The players' word on a battle (Field Manual §12, "speed, clarity and fun"; issue 36): at Finish, in Play Mode and
 * on the post-battle form, each player may rate the battle's fun and clarity from 1 to 5 and name a rule that
 * confused them. Optional everywhere: Finish never waits for it, one Skip leaves every rating empty, and a finished
 * battle can still be rated (`battles.rate`), so a player who rates later is not lost.
 */

/** One side's rating as the form holds it: no rating is null, no rule an empty string. */
export interface RatingDraft {
  fun: number | null;
  clarity: number | null;
  confusingRule: string;
}
export type RatingsDraft = Record<Side, RatingDraft>;

const EMPTY: RatingDraft = { fun: null, clarity: null, confusingRule: '' };
export const NO_RATINGS: RatingsDraft = { A: EMPTY, B: EMPTY };

const SCALE = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => String(RATING_MIN + i));

const isEmpty = (r: RatingDraft) => r.fun === null && r.clarity === null && r.confusingRule.trim() === '';
const asRating = (r: RatingDraft): SideRating => ({ fun: r.fun, clarity: r.clarity, confusingRule: r.confusingRule.trim() || null });
const asDraft = (r: SideRating | null): RatingDraft => (r ? { fun: r.fun, clarity: r.clarity, confusingRule: r.confusingRule ?? '' } : EMPTY);

/** What a finish sends: each side that said anything; nothing at all (undefined) when neither did or the ratings were skipped. */
export function ratingsToSend(d: RatingsDraft | null): BattleRatingsInput | undefined {
  if (!d) return undefined;
  const out: BattleRatingsInput = {};
  for (const side of SIDES) if (!isEmpty(d[side])) out[side] = asRating(d[side]);
  return Object.keys(out).length ? out : undefined;
}

/** A refusal's message for one field of one side's rating (`ratings.A.fun`, or `rating.fun` for battles.rate). */
function fieldError(error: unknown, path: (string | number)[]): string | undefined {
  if (!(error instanceof AppError)) return undefined;
  const starts = (p?: (string | number)[]) => !!p && path.every((x, i) => p[i] === x);
  if (starts(error.path)) return error.message;
  return error.issues?.find((i) => starts(i.path))?.message;
}

function Scale({ label, hint, value, onChange, wide }: { label: string; hint: string; value: number | null; onChange: (v: number) => void; wide: boolean }) {
  const id = useId();
  return (
    <div style={wide ? { width: '100%' } : undefined}>
      <Text size="sm" fw={500} id={id}>
        {label}{' '}
        <Text span size="xs" c="dimmed">
          {hint}
        </Text>
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        size="sm"
        fullWidth={wide}
        data={SCALE}
        value={value === null ? '' : String(value)}
        onChange={(v) => onChange(Number(v))}
      />
    </div>
  );
}

/** One side's rating: fun, clarity, a rule that confused them. */
function SideRatingFields({
  name,
  value,
  onChange,
  errorAt,
  wide,
}: {
  name: string;
  value: RatingDraft;
  onChange: (v: RatingDraft) => void;
  errorAt: (field: keyof RatingDraft) => string | undefined;
  /** One side alone (a phone): each scale as wide as the screen, so every choice is a thumb's width. */
  wide: boolean;
}) {
  const ruleError = errorAt('confusingRule');
  const scaleError = errorAt('fun') ?? errorAt('clarity');
  return (
    <Stack gap={6} role="group" aria-label={`${name}’s rating`}>
      <Text fw={600} size="sm">
        <Name>{name}</Name>
      </Text>
      <Group gap="md" align="flex-start" wrap="wrap">
        <Scale label="Fun" hint="1 dull, 5 great" value={value.fun} onChange={(fun) => onChange({ ...value, fun })} wide={wide} />
        <Scale label="Clarity" hint="1 muddled, 5 clear" value={value.clarity} onChange={(clarity) => onChange({ ...value, clarity })} wide={wide} />
      </Group>
      {scaleError && (
        <Text size="sm" c="red" role="alert">
          {scaleError}
        </Text>
      )}
      <TextInput
        size="sm"
        label="A rule that confused you"
        placeholder="e.g. Steady Fire, or AMB-12"
        maxLength={CONFUSING_RULE_MAX}
        value={value.confusingRule}
        onChange={(e) => onChange({ ...value, confusingRule: e.currentTarget.value })}
        error={ruleError}
      />
    </Stack>
  );
}

/** The sides' rating fields side by side (one alone is as wide as the screen, a phone's). */
function RatingsGrid({
  names,
  sides,
  value,
  onChange,
  errorAt,
}: {
  names: Record<Side, string>;
  sides: readonly Side[];
  value: RatingsDraft;
  onChange: (v: RatingsDraft) => void;
  errorAt: (side: Side, field: keyof RatingDraft) => string | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: sides.length }} spacing="lg">
      {sides.map((side) => (
        <SideRatingFields
          key={side}
          name={names[side]}
          value={value[side]}
          onChange={(v) => onChange({ ...value, [side]: v })}
          errorAt={(field) => errorAt(side, field)}
          wide={sides.length === 1}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * "How was it? (optional)": both players' ratings side by side. `value` null is skipped (one Skip empties every
 * rating); Rate after all opens the form again. `errorPath` is where a refusal names these fields (`['ratings']`,
 * then the side). A phone at a club night table shows its own player's only (`sides`), whose refusal names the
 * rating without a side (`sidePath`).
 */
export function BattleRatingsForm({
  names,
  value,
  onChange,
  error,
  errorPath = ['ratings'],
  sides = SIDES,
  sidePath = (side) => [...errorPath, side],
}: {
  names: Record<Side, string>;
  value: RatingsDraft | null;
  onChange: (v: RatingsDraft | null) => void;
  error?: unknown;
  errorPath?: (string | number)[];
  sides?: readonly Side[];
  sidePath?: (side: Side) => (string | number)[];
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" mb={4}>
        <Title order={3} size="h5" id={titleId}>
          How was it? (optional)
        </Title>
        {value ? (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(null)}>
            Skip
          </Button>
        ) : (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(NO_RATINGS)}>
            Rate after all
          </Button>
        )}
      </Group>
      {value ? (
        <RatingsGrid names={names} sides={sides} value={value} onChange={onChange} errorAt={(side, field) => fieldError(error, [...sidePath(side), field])} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="ratings-skipped">
          Skipped: no ratings for this battle.
        </Text>
      )}
    </section>
  );
}

/** A stored rating in words: "Fun 4, clarity 3; confused by Steady Fire". */
function ratingInWords(r: SideRating): string {
  const parts = [r.fun !== null ? `fun ${r.fun}` : null, r.clarity !== null ? `clarity ${r.clarity}` : null].filter(Boolean).join(', ');
  const rule = r.confusingRule ? `confused by ${r.confusingRule}` : '';
  const text = [parts, rule].filter(Boolean).join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A finished battle's ratings (Play Mode's Finish once done, the post-battle form's last screen): what each player
 * said, and Rate or change, which saves each side whose rating changed with `battles.rate`.
 */
export function FinishedRatings({ battleId, names }: { battleId: string; names: Record<Side, string> }) {
  const ratings = useApiQuery('battles.ratings', { battleId });
  const rate = useApiMutation('battles.rate', { inOrder: `rate:${battleId}` });
  const [draft, setDraft] = useState<RatingsDraft | null>(null);
  const [failed, setFailed] = useState<{ side: Side; error: unknown } | null>(null);
  const titleId = useId();
  const stored: BattleRatings | undefined = ratings.data;
  const save = async () => {
    if (!draft || !stored) return;
    setFailed(null);
    for (const side of SIDES) {
      const was = asDraft(stored[side]);
      const now = draft[side];
      if (JSON.stringify(asRating(was)) === JSON.stringify(asRating(now))) continue;
      try {
        await rate.mutateAsync({ battleId, side, rating: isEmpty(now) ? null : asRating(now) });
      } catch (e) {
        setFailed({ side, error: e });
        return;
      }
    }
    setDraft(null);
  };
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" mb={4}>
        <Title order={3} size="h5" id={titleId}>
          Players’ ratings
        </Title>
        {stored && !draft && (
          <Button variant="subtle" size="compact-sm" onClick={() => setDraft({ A: asDraft(stored.A), B: asDraft(stored.B) })}>
            Rate or change
          </Button>
        )}
      </Group>
      <ErrorAlert error={ratings.error} />
      {stored && !draft && (
        <Stack gap={2} data-testid="stored-ratings">
          {SIDES.map((side) => (
            <Text size="sm" key={side}>
              <Name>{names[side]}</Name>: {stored[side] ? ratingInWords(stored[side]) : 'not rated'}
            </Text>
          ))}
        </Stack>
      )}
      {draft && (
        <Stack>
          <RatingsGrid
            names={names}
            sides={SIDES}
            value={draft}
            onChange={setDraft}
            errorAt={(side, field) => (failed?.side === side ? fieldError(failed.error, ['rating', field]) : undefined)}
          />
          {failed && !fieldError(failed.error, ['rating']) && <ErrorAlert error={failed.error} />}
          <Group>
            <Button onClick={() => void save()} loading={rate.isPending}>
              Save ratings
            </Button>
            <Button variant="default" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </section>
  );
}

import { MultiSelect, NumberInput, SimpleGrid } from '@mantine/core';
import type { ChannelOutput } from '../../../../src-shared/contract';
import type { DeskFilter } from '../../../../src-shared/desk/filter';
import { RecordSourceSelect } from '../../components/RecordSourceSelect';

type Choices = ChannelOutput<'desk.choices'>;

interface Props {
  filter: DeskFilter;
  set: (patch: Partial<DeskFilter>) => void;
  /** What the desk's battles have to choose from (undefined while it loads). */
  choices: Choices | undefined;
  /** Factions' names by id, as the figures name them. */
  names: Record<string, string>;
  clubs: { value: string; label: string }[];
}

/** A list filter: none chosen is every battle. */
function ListFilter({
  label,
  every,
  data,
  value,
  onChange,
}: {
  label: string;
  every: string;
  data: { value: string; label: string }[];
  value: string[] | undefined;
  onChange: (v: string[] | undefined) => void;
}) {
  return (
    <MultiSelect
      label={label}
      placeholder={value?.length ? undefined : every}
      data={data}
      value={value ?? []}
      onChange={(v) => onChange(v.length ? v : undefined)}
      clearable
      searchable
      nothingFoundMessage="None of the desk's battles"
      // the chosen values wrap inside the field, never cut: a faction's name is long
      styles={{ pill: { maxWidth: '100%' } }}
    />
  );
}

/** A points bound: empty is no bound; a number the field cannot hold is not sent. */
const bound = (v: string | number) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100_000 ? v : undefined);

/** One bound of both armies' points, its placeholder the desk's own lowest or highest. */
function PointsBound({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: number | undefined;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  return (
    <NumberInput
      label={label}
      placeholder={hint === undefined ? 'any' : String(hint)}
      min={0}
      max={100_000}
      allowDecimal={false}
      value={value ?? ''}
      onChange={(v) => onChange(bound(v))}
    />
  );
}

/**
 * The desk's filters (issue 36): by mission, club, game data version, variant, faction, points and ruling, in an even
 * grid whose labels line up on one line each, however many values a field holds.
 */
export function DeskFilters({ filter, set, choices, names, clubs }: Props) {
  const plain = (xs: string[] | undefined) => (xs ?? []).map((x) => ({ value: x, label: x }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="sm">
      <ListFilter
        label="Missions"
        every="All missions"
        data={[1, 2, 3, 4, 5].map((m) => ({ value: String(m), label: `Mission ${m}` }))}
        value={filter.missions?.map(String)}
        onChange={(ms) => set({ missions: ms?.map(Number) })}
      />
      <ListFilter label="Clubs" every="Every club" data={clubs} value={filter.clubs} onChange={(clubs) => set({ clubs })} />
      <ListFilter
        label="Game data versions"
        every="Every version"
        data={plain(choices?.versions)}
        value={filter.versions}
        onChange={(versions) => set({ versions })}
      />
      <ListFilter
        label="Mission variants"
        every="Any variant or none"
        data={plain(choices?.variants)}
        value={filter.variants}
        onChange={(variants) => set({ variants })}
      />
      <ListFilter
        label="Factions (either side)"
        every="Every faction"
        data={(choices?.factions ?? []).map((f) => ({ value: f, label: names[f] ?? f }))}
        value={filter.factions}
        onChange={(factions) => set({ factions })}
      />
      <ListFilter
        label="Played under rulings"
        every="Any rulings"
        data={plain(choices?.rulings)}
        value={filter.rulings}
        onChange={(rulings) => set({ rulings })}
      />
      <PointsBound label="Both armies’ points from" hint={choices?.points?.min} value={filter.pointsMin} onChange={(pointsMin) => set({ pointsMin })} />
      <PointsBound label="Both armies’ points to" hint={choices?.points?.max} value={filter.pointsMax} onChange={(pointsMax) => set({ pointsMax })} />
      <RecordSourceSelect value={filter.source} onChange={(source) => set({ source })} />
    </SimpleGrid>
  );
}

import { Select, type SelectProps } from '@mantine/core';

/** A searchable select over the club's players, by name; the caller labels it. */
export function PlayerSelect({ players, ...select }: { players: readonly { id: string; name: string }[] | undefined } & Omit<SelectProps, 'data'>) {
  return <Select searchable {...select} data={(players ?? []).map((p) => ({ value: p.id, label: p.name }))} />;
}

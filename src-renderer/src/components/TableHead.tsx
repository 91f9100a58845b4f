import { Table, VisuallyHidden, type TableThProps } from '@mantine/core';

/** A column title, or one with its alignment or width; a `hidden` title (the actions column) is for screen readers only. */
export type Column = string | ({ label: string; hidden?: boolean } & Pick<TableThProps, 'ta' | 'w'>);

/** The header row of a table, from its column titles in order. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c, i) => {
          const col = typeof c === 'string' ? { label: c } : c;
          return (
            <Table.Th key={i} ta={col.ta} w={col.w}>
              {col.hidden ? <VisuallyHidden>{col.label}</VisuallyHidden> : col.label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

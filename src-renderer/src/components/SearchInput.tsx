import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A list's search box: the magnifier, and the typed text handed straight to `onSearch`. */
export function SearchInput({ value, onSearch, ...rest }: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onSearch: (text: string) => void }) {
  return <TextInput leftSection={<IconSearch size={16} />} value={value} onChange={(e) => onSearch(e.currentTarget.value)} {...rest} />;
}

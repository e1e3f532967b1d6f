import { TextInput } from '@mantine/core';
import { useState } from 'react';

/** A list's search field: the search runs when it is submitted (Enter), not on every key. */
export function SearchForm({
  label,
  description,
  value,
  onSearch,
}: {
  label: string;
  description?: string;
  value: string | undefined;
  onSearch: (search: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim() || undefined);
      }}
    >
      <TextInput
        label={label}
        description={description}
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maw={480}
      />
    </form>
  );
}

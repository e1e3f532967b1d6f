import type { ReactNode } from 'react';

// A stand-in no name contains, put where the message places the ward's name.
const WARD = '\u0000ward\u0000';

/** A message with the ward's name in bold, wherever the page's language puts it in the sentence. */
export function withWard(text: (ward: string) => string, ward: string): ReactNode {
  const [before, ...after] = text(WARD).split(WARD);
  return (
    <>
      {before}
      <strong>{ward}</strong>
      {after.join(ward)}
    </>
  );
}

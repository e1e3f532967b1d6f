import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Marigold / saffron accent of the "screening room" look. */
const saffron: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  '#b87800',
  '#a06600',
];

export const theme = createTheme({
  primaryColor: 'saffron',
  primaryShade: { light: 8, dark: 5 },
  colors: { saffron },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: '"Bebas Neue", Inter, system-ui, sans-serif', fontWeight: '400' },
  defaultRadius: 'md',
  other: {
    /** Page content never grows wider than this (spec: 1320 px). */
    contentMaxWidth: 1320,
  },
});

import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** Page content area: at most 1320 px wide (spec), with the phone-first side padding. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Box maw={1320} mx="auto" px="md" py="xl">
      {children}
    </Box>
  );
}

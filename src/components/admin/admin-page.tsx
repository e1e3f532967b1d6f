import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { adminUi_page_title } from '@/paraglide/messages/adminui_page_title1.js';

/** One back-office screen: its title (also the tab's), the actions beside it, and its content. */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md">
      <DocumentTitle page={adminUi_page_title({ title })} />
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}

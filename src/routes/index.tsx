import { Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';
import { useAppStore } from '@/lib/app-store';

function HomePage() {
  const settings = useAppStore((state) => state.siteSetting);
  return (
    <PageContainer>
      <Title order={1}>{settings?.site_name || 'CineVerse'}</Title>
      {settings?.site_description ? <Text mt="md">{settings.site_description}</Text> : null}
    </PageContainer>
  );
}

export const Route = createFileRoute('/')({ component: HomePage });

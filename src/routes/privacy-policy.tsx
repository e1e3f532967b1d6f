import { Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';

export const Route = createFileRoute('/privacy-policy')({
  component: () => (
    <PageContainer>
      <Title order={1}>Privacy Policy</Title>
      <Text mt="md">How CineVerse collects, uses and protects your information.</Text>
    </PageContainer>
  ),
});

import { Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';

export const Route = createFileRoute('/about')({
  component: () => (
    <PageContainer>
      <Title order={1}>About Us</Title>
      <Text mt="md">
        CineVerse brings India's film professionals together: actors, writers, directors, DOPs, artists, production
        houses, casting agents, studios and learners.
      </Text>
    </PageContainer>
  ),
});

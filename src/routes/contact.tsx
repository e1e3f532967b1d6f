import { Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';

export const Route = createFileRoute('/contact')({
  component: () => (
    <PageContainer>
      <Title order={1}>Get in Touch</Title>
      <Text mt="md">Write to us or call our Mumbai office; we reply within 24 hours.</Text>
    </PageContainer>
  ),
});

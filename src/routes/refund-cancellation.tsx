import { Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';

export const Route = createFileRoute('/refund-cancellation')({
  component: () => (
    <PageContainer>
      <Title order={1}>Refund & Cancellation Policy</Title>
      <Text mt="md">Orders can be cancelled within 30 days; perishable items cannot be cancelled.</Text>
    </PageContainer>
  ),
});

import { Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';

export const Route = createFileRoute('/shipping-policy')({
  component: () => (
    <PageContainer>
      <Title order={1}>Shipping Policy</Title>
      <Text mt="md">We deliver across India; orders are processed in 1–3 business days.</Text>
    </PageContainer>
  ),
});

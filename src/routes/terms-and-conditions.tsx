import { Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';

export const Route = createFileRoute('/terms-and-conditions')({
  component: () => (
    <PageContainer>
      <Title order={1}>Terms & Conditions</Title>
      <Text mt="md">
        These terms, governed by Indian law with courts in Mumbai, cover the use of CineVerse and its shop.
      </Text>
    </PageContainer>
  ),
});

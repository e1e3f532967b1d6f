import { Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageContainer } from '@/components/page-container';

function CategoryPage() {
  const { categoryName } = Route.useParams();
  return (
    <PageContainer>
      <Title order={1}>{categoryName}</Title>
      <Text mt="md">Directory listings for {categoryName}.</Text>
    </PageContainer>
  );
}

export const Route = createFileRoute('/category/$categoryName')({
  params: {
    parse: (params) => ({ categoryName: z.string().min(1).max(100).parse(params.categoryName) }),
    stringify: (params) => params,
  },
  component: CategoryPage,
});

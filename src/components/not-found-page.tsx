import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';

export const NOT_FOUND_MESSAGE =
  "Oops! The reel you're looking for has gone missing. It might have been archived or never made it to production.";

/** The 404 page: the spec's texts, a way home, a way back, and the decorative movie search. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="lg">
        <Text fz={96} fw={700} c="var(--mantine-primary-color-filled)" lh={1} ff="heading" aria-hidden="true">
          404
        </Text>
        <DocumentTitle page="Scene Not Found" />
        <Title order={1}>Scene Not Found</Title>
        <Text size="lg" c="dimmed">
          {NOT_FOUND_MESSAGE}
        </Text>
        <TextInput
          w="100%"
          maw={420}
          placeholder="Search for a movie..."
          aria-label="Search for a movie"
          // Decorative, as in the spec: it has no behaviour yet.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <Group justify="center">
          <Button component={Link} to="/" size="md">
            Back to Homepage
          </Button>
          <Button variant="outline" size="md" onClick={() => window.history.back()}>
            Previous Scene
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

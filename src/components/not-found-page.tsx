import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';
import { notfound_back } from '@/paraglide/messages/notfound_back.js';
import { notfound_home } from '@/paraglide/messages/notfound_home.js';
import { notfound_message } from '@/paraglide/messages/notfound_message.js';
import { notfound_search } from '@/paraglide/messages/notfound_search.js';
import { notfound_search_label } from '@/paraglide/messages/notfound_search_label.js';
import { notfound_title } from '@/paraglide/messages/notfound_title.js';

/** The 404 page: the spec's texts, a way home, a way back, and the decorative movie search. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="lg">
        <Text fz={96} fw={700} c="var(--mantine-primary-color-filled)" lh={1} ff="heading" aria-hidden="true">
          404
        </Text>
        <DocumentTitle page={notfound_title()} />
        <Title order={1}>{notfound_title()}</Title>
        <Text size="lg" c="dimmed">
          {notfound_message()}
        </Text>
        <TextInput
          w="100%"
          maw={420}
          placeholder={notfound_search()}
          aria-label={notfound_search_label()}
          // Decorative, as in the spec: it has no behaviour yet.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <Group justify="center">
          <Button component={Link} to="/" size="md">
            {notfound_home()}
          </Button>
          <Button variant="outline" size="md" onClick={() => window.history.back()}>
            {notfound_back()}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

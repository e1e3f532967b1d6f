import { Button, Group, Text } from '@mantine/core';
import type { FormDraft } from '@/offline/use-form-draft';
import { common_draft_discard } from '@/paraglide/messages/common_draft_discard.js';
import { common_draft_saved } from '@/paraglide/messages/common_draft_saved.js';

/** A quiet line beside a long form's button while a draft of it is kept on this device, with a way to drop it. */
export function DraftNotice({ draft }: { draft: FormDraft }) {
  if (!draft.saved) return null;
  return (
    <Group gap="xs" wrap="wrap" role="status" data-testid="draft-notice">
      <Text size="sm" c="dimmed">
        {common_draft_saved()}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={draft.discard}>
        {common_draft_discard()}
      </Button>
    </Group>
  );
}

import { Button, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';
import { useAskContactClaim } from '../api/contact-claim';
import { useDeleteAccount } from '../api/delete-account';
import { downloadMyData } from '../api/download-my-data';

const OFFLINE = 'You are offline. This needs the network.';

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : OFFLINE;
}

function PasswordDialog({
  title,
  explanation,
  action,
  danger,
  onConfirm,
  onClose,
}: {
  title: string;
  explanation: string;
  action: string;
  danger?: boolean;
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        ref={focusFirstError}
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          onConfirm(password)
            .catch((failure: unknown) => setError(errorText(failure)))
            .finally(() => setBusy(false));
        }}
      >
        <Stack>
          <Text size="sm">{explanation}</Text>
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Contact messages sent while signed out are nobody's until the owner of their address claims them: a link to the
 * account's email proves it is theirs.
 */
function ContactClaim() {
  const ask = useAskContactClaim();
  const answer = ask.data?.message ?? (ask.error ? errorText(ask.error) : null);
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">
        Wrote to us from the contact page while signed out? Those messages join your copy once you follow a link we mail
        to your address.
      </Text>
      <Button variant="light" onClick={() => ask.mutate()} loading={ask.isPending}>
        Mail me the link
      </Button>
      {answer ? (
        <Text size="sm" role={ask.error ? 'alert' : 'status'} c={ask.error ? 'red' : undefined}>
          {answer}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A member's rights over their data (India's DPDP Act 2023): a copy of everything, and deletion. */
export function MyDataSection({ onDeleted }: { onDeleted: () => void }) {
  const [dialog, setDialog] = useState<'export' | 'delete' | null>(null);
  const deleteAccount = useDeleteAccount();
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="my-data-heading">
      <Title order={2} fz="lg" id="my-data-heading">
        Your data
      </Title>
      <Text size="sm">
        Download a copy of everything CineVerse holds about you, or delete your account. Deleting removes your profile
        and photos from view at once and from our storage within 24 hours; orders are kept for tax records with only the
        city, state and PIN code, and what others wrote to you stays with them.
      </Text>
      <Group gap="sm">
        <Button variant="light" onClick={() => setDialog('export')}>
          Download my data
        </Button>
        <Button variant="subtle" color="red" onClick={() => setDialog('delete')}>
          Delete my account
        </Button>
      </Group>
      <ContactClaim />
      {dialog === 'export' ? (
        <PasswordDialog
          title="Download my data"
          explanation="For your safety, enter your password again."
          action="Download"
          onClose={() => setDialog(null)}
          onConfirm={async (password) => {
            await downloadMyData(password);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <PasswordDialog
          title="Delete my account"
          explanation="This cannot be undone. Your profile, photos, addresses, cart and wishlist go, and you are signed out everywhere. Conversations stay with the members you wrote to, and messages to our team stay with the team."
          action="Delete my account"
          danger
          onClose={() => setDialog(null)}
          onConfirm={async (password) => {
            await deleteAccount.mutateAsync(password);
            notifications.show({ title: 'Your account has been deleted', message: 'Thank you for being with us.' });
            onDeleted();
          }}
        />
      ) : null}
    </Stack>
  );
}

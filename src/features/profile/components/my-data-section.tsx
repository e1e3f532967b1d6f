import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { focusFirstError } from '@/lib/form-errors';
import { account_cancel } from '@/paraglide/messages/account_cancel.js';
import { account_claim_explain } from '@/paraglide/messages/account_claim_explain.js';
import { account_claim_mail_me } from '@/paraglide/messages/account_claim_mail_me.js';
import { account_data_intro } from '@/paraglide/messages/account_data_intro.js';
import { account_delete_explain } from '@/paraglide/messages/account_delete_explain.js';
import { account_delete_my_account } from '@/paraglide/messages/account_delete_my_account.js';
import { account_deleted_thanks } from '@/paraglide/messages/account_deleted_thanks.js';
import { account_deleted_title } from '@/paraglide/messages/account_deleted_title.js';
import { account_download } from '@/paraglide/messages/account_download.js';
import { account_download_my_data } from '@/paraglide/messages/account_download_my_data.js';
import { account_offline } from '@/paraglide/messages/account_offline.js';
import { account_password_again } from '@/paraglide/messages/account_password_again.js';
import { account_your_data } from '@/paraglide/messages/account_your_data.js';
import { account_your_password } from '@/paraglide/messages/account_your_password.js';
import { phone_code_label } from '@/paraglide/messages/phone_code_label.js';
import { phone_send_code } from '@/paraglide/messages/phone_send_code.js';
import { phoneAuth_code_on_way } from '@/paraglide/messages/phoneauth_code_on_way1.js';
import { phoneAuth_confirm_by_code } from '@/paraglide/messages/phoneauth_confirm_by_code1.js';
import { useAskContactClaim } from '../api/contact-claim';
import { useDeleteAccount } from '../api/delete-account';
import { downloadMyData, type Proof } from '../api/download-my-data';
import { requestProofCode } from '../api/phone-proof';

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : account_offline();
}

/** The password again, or for an account made by phone (no email, no password) a code sent to its phone. */
function PasswordDialog(props: DialogProps) {
  const phone = useAppStore((state) => (state.userProfile?.email === null ? state.userProfile.phone : null));
  return phone ? <CodeDialog {...props} phone={phone} /> : <PasswordForm {...props} />;
}

interface DialogProps {
  title: string;
  explanation: string;
  action: string;
  danger?: boolean;
  onConfirm: (proof: Proof) => Promise<void>;
  onClose: () => void;
}

function PasswordForm({ title, explanation, action, danger, onConfirm, onClose }: DialogProps) {
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
          onConfirm({ password })
            .catch((failure: unknown) => setError(errorText(failure)))
            .finally(() => setBusy(false));
        }}
      >
        <Stack>
          <Text size="sm">{explanation}</Text>
          <PasswordInput
            label={account_your_password()}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {account_cancel()}
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

/** "+91 98765 43210", kept on one line by no-break spaces. */
const spokenPhone = (phone: string) => `+91\u00a0${phone.slice(0, 5)}\u00a0${phone.slice(5)}`;

/**
 * An account made by phone has no password: it confirms with a code sent to its phone, asked for as any code (the
 * same limits), then typed here.
 */
function CodeDialog({
  title,
  explanation,
  action,
  danger,
  onConfirm,
  onClose,
  phone,
}: DialogProps & { phone: string }) {
  const [sent, setSent] = useState<{ minutes: number } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = () => {
    setBusy(true);
    setError(null);
    requestProofCode(phone)
      .then((answer) => setSent({ minutes: Math.round(answer.expires_in_seconds / 60) }))
      .catch((failure: unknown) => setError(errorText(failure)))
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        ref={focusFirstError}
        onSubmit={(event) => {
          event.preventDefault();
          if (!sent) return send();
          setBusy(true);
          setError(null);
          onConfirm({ code })
            .catch((failure: unknown) => setError(errorText(failure)))
            .finally(() => setBusy(false));
        }}
      >
        <Stack>
          <Text size="sm">{explanation}</Text>
          <Text size="sm" role="status">
            {sent
              ? phoneAuth_code_on_way({ phone: spokenPhone(phone), minutes: sent.minutes })
              : phoneAuth_confirm_by_code({ phone: spokenPhone(phone) })}
          </Text>
          {sent ? (
            <TextInput
              label={phone_code_label()}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
          ) : error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {account_cancel()}
            </Button>
            <Button type="submit" color={sent && danger ? 'red' : undefined} loading={busy}>
              {sent ? action : phone_send_code()}
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
      <Text size="sm">{account_claim_explain()}</Text>
      <Button variant="light" onClick={() => ask.mutate()} loading={ask.isPending}>
        {account_claim_mail_me()}
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
        {account_your_data()}
      </Title>
      <Text size="sm">{account_data_intro()}</Text>
      <Group gap="sm">
        <Button variant="light" onClick={() => setDialog('export')}>
          {account_download_my_data()}
        </Button>
        <Button variant="subtle" color="red" onClick={() => setDialog('delete')}>
          {account_delete_my_account()}
        </Button>
      </Group>
      <ContactClaim />
      {dialog === 'export' ? (
        <PasswordDialog
          title={account_download_my_data()}
          explanation={account_password_again()}
          action={account_download()}
          onClose={() => setDialog(null)}
          onConfirm={async (proof) => {
            await downloadMyData(proof);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <PasswordDialog
          title={account_delete_my_account()}
          explanation={account_delete_explain()}
          action={account_delete_my_account()}
          danger
          onClose={() => setDialog(null)}
          onConfirm={async (proof) => {
            await deleteAccount.mutateAsync(proof);
            notifications.show({ title: account_deleted_title(), message: account_deleted_thanks() });
            onDeleted();
          }}
        />
      ) : null}
    </Stack>
  );
}

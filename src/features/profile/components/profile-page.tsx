import { Alert, Box, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { addressInputSchema, profileUpdateSchema, type Profile, type SavedAddress } from '@/contract/user';
import { usePinFill } from '@/lib/delivery/use-pin-fill';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { account_add_address } from '@/paraglide/messages/account_add_address.js';
import { account_city } from '@/paraglide/messages/account_city.js';
import { account_details_saved } from '@/paraglide/messages/account_details_saved.js';
import { account_edit } from '@/paraglide/messages/account_edit.js';
import { account_edit_address } from '@/paraglide/messages/account_edit_address.js';
import { account_email } from '@/paraglide/messages/account_email.js';
import { account_email_fixed } from '@/paraglide/messages/account_email_fixed.js';
import { account_full_name } from '@/paraglide/messages/account_full_name.js';
import { account_line1 } from '@/paraglide/messages/account_line1.js';
import { account_line2 } from '@/paraglide/messages/account_line2.js';
import { account_mobile } from '@/paraglide/messages/account_mobile.js';
import { account_name } from '@/paraglide/messages/account_name.js';
import { account_new_address } from '@/paraglide/messages/account_new_address.js';
import { account_no_addresses } from '@/paraglide/messages/account_no_addresses.js';
import { account_phone_confirmed } from '@/paraglide/messages/account_phone_confirmed.js';
import { account_pincode } from '@/paraglide/messages/account_pincode.js';
import { account_remove } from '@/paraglide/messages/account_remove.js';
import { account_remove_address } from '@/paraglide/messages/account_remove_address.js';
import { account_save_address } from '@/paraglide/messages/account_save_address.js';
import { account_save_details } from '@/paraglide/messages/account_save_details.js';
import { account_saved } from '@/paraglide/messages/account_saved.js';
import { account_saved_addresses } from '@/paraglide/messages/account_saved_addresses.js';
import { account_saving_offline } from '@/paraglide/messages/account_saving_offline.js';
import { account_state } from '@/paraglide/messages/account_state.js';
import { account_title } from '@/paraglide/messages/account_title.js';
import { account_your_details } from '@/paraglide/messages/account_your_details.js';
import { useRemoveAddress } from '../api/remove-address';
import { useSaveAddress } from '../api/save-address';
import { useUpdateProfile } from '../api/update-profile';
import { ChangePasswordForm } from './change-password-form';
import { MyDataSection } from './my-data-section';

function DetailsForm({ profile }: { profile: Profile }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: profile.name, phone: profile.phone ?? '' },
    validate: contractResolver(profileUpdateSchema),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProfile();
  return (
    <form
      ref={focusFirstError}
      noValidate
      aria-label={account_your_details()}
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          await update.mutateAsync(values);
          notifications.show({ color: 'green', title: account_saved(), message: account_details_saved() });
        } catch (error) {
          setFailure(applyServerError(form, error, account_saving_offline()));
        }
      })}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {account_your_details()}
        </Title>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput label={account_name()} autoComplete="name" withAsterisk {...form.getInputProps('name')} />
        {profile.email !== null ? (
          <TextInput label={account_email()} value={profile.email} readOnly description={account_email_fixed()} />
        ) : null}
        <TextInput
          label={account_mobile()}
          type="tel"
          inputMode="numeric"
          // An account without an email logs in with its number: it stays as it is.
          readOnly={profile.email === null}
          description={profile.phone_confirmed ? account_phone_confirmed() : undefined}
          {...form.getInputProps('phone')}
        />
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          {account_save_details()}
        </Button>
      </Stack>
    </form>
  );
}

const emptyAddress = { name: '', phone: '', line1: '', line2: '', city: '', state: '', pincode: '' };

function AddressForm({ address, onDone }: { address: SavedAddress | null; onDone: () => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: address
      ? {
          name: address.name,
          phone: address.phone,
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          pincode: address.pincode,
        }
      : emptyAddress,
    validate: contractResolver(addressInputSchema),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAddress();
  const { pinInputProps } = usePinFill(form, undefined, '');
  return (
    <form
      ref={focusFirstError}
      noValidate
      aria-label={address ? account_edit_address() : account_new_address()}
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          await save.mutateAsync({ id: address?.id ?? null, address: values });
          onDone();
        } catch (error) {
          setFailure(applyServerError(form, error, account_saving_offline()));
        }
      })}
    >
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput label={account_full_name()} withAsterisk {...form.getInputProps('name')} />
        <TextInput
          label={account_mobile()}
          type="tel"
          inputMode="numeric"
          withAsterisk
          {...form.getInputProps('phone')}
        />
        <TextInput label={account_line1()} withAsterisk {...form.getInputProps('line1')} />
        <TextInput label={account_line2()} {...form.getInputProps('line2')} />
        <Group grow align="flex-start">
          <TextInput label={account_city()} withAsterisk {...form.getInputProps('city')} />
          <TextInput label={account_pincode()} inputMode="numeric" maxLength={6} withAsterisk {...pinInputProps()} />
        </Group>
        <TextInput label={account_state()} withAsterisk {...form.getInputProps('state')} />
        <Button type="submit" loading={save.isPending}>
          {account_save_address()}
        </Button>
      </Stack>
    </form>
  );
}

export function ProfilePage({
  profile,
  logoutButton,
  onDeleted,
  dataRequest,
}: {
  profile: Profile;
  logoutButton: ReactNode;
  onDeleted: () => void;
  /** A request about one's personal data (given by the route). */
  dataRequest?: ReactNode;
}) {
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const remove = useRemoveAddress();
  return (
    <PageContainer>
      <Group justify="space-between" mb="lg">
        <DocumentTitle page={account_title()} />
        <Title order={1}>{account_title()}</Title>
        {logoutButton}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <DetailsForm profile={profile} />
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {account_saved_addresses()}
            </Title>
            <Button variant="light" onClick={() => setEditing('new')}>
              {account_add_address()}
            </Button>
          </Group>
          {profile.addresses.length === 0 ? <Text c="dimmed">{account_no_addresses()}</Text> : null}
          {profile.addresses.map((address) => (
            <Stack
              key={address.id}
              gap={2}
              p="sm"
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              <Text fw={600}>{address.name}</Text>
              <Text fz="sm">
                {address.line1}
                {address.line2 ? `, ${address.line2}` : ''}
              </Text>
              <Text fz="sm">
                {address.city}, {address.state} {address.pincode} · {address.phone}
              </Text>
              <Group gap="xs" mt={4}>
                <Button size="compact-sm" variant="subtle" onClick={() => setEditing(address)}>
                  {account_edit()}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  loading={remove.isPending && remove.variables === address.id}
                  onClick={() => remove.mutate(address.id)}
                  aria-label={account_remove_address({ line: address.line1 })}
                >
                  {account_remove()}
                </Button>
              </Group>
            </Stack>
          ))}
        </Stack>
      </SimpleGrid>
      {/* An account made by phone has no password to change: it signs in with a code. */}
      {profile.email !== null ? (
        <Box mt="xl">
          <ChangePasswordForm />
        </Box>
      ) : null}
      <MyDataSection onDeleted={onDeleted} />
      {dataRequest}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? account_new_address() : account_edit_address()}
        centered
      >
        {editing !== null ? (
          <AddressForm address={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </PageContainer>
  );
}

import { Alert, Box, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { addressInputSchema, profileUpdateSchema, type Profile, type SavedAddress } from '@/contract/user';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { useRemoveAddress } from '../api/remove-address';
import { useSaveAddress } from '../api/save-address';
import { useUpdateProfile } from '../api/update-profile';
import { ChangePasswordForm } from './change-password-form';
import { MyDataSection } from './my-data-section';

const OFFLINE = 'You are offline. Saving needs the network.';

function DetailsForm({ profile }: { profile: Profile }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: profile.name, phone: profile.phone ?? '' },
    validate: schemaResolver(profileUpdateSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProfile();
  return (
    <form
      ref={focusFirstError}
      noValidate
      aria-label="Your details"
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          await update.mutateAsync(values);
          notifications.show({ color: 'green', title: 'Saved', message: 'Your details are up to date.' });
        } catch (error) {
          setFailure(applyServerError(form, error, OFFLINE));
        }
      })}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Your details
        </Title>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput label="Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
        {profile.email !== null ? (
          <TextInput label="Email" value={profile.email} readOnly description="Your email cannot be changed here." />
        ) : null}
        <TextInput
          label="Mobile number"
          type="tel"
          inputMode="numeric"
          // An account without an email logs in with its number: it stays as it is.
          readOnly={profile.email === null}
          description={profile.phone_confirmed ? 'Confirmed by a code sent to it: you can log in with it.' : undefined}
          {...form.getInputProps('phone')}
        />
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          Save details
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
    validate: schemaResolver(addressInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAddress();
  return (
    <form
      ref={focusFirstError}
      noValidate
      aria-label={address ? 'Edit address' : 'New address'}
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          await save.mutateAsync({ id: address?.id ?? null, address: values });
          onDone();
        } catch (error) {
          setFailure(applyServerError(form, error, OFFLINE));
        }
      })}
    >
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput label="Full name" withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Mobile number" type="tel" inputMode="numeric" withAsterisk {...form.getInputProps('phone')} />
        <TextInput label="Address line 1" withAsterisk {...form.getInputProps('line1')} />
        <TextInput label="Address line 2 (optional)" {...form.getInputProps('line2')} />
        <Group grow align="flex-start">
          <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
          <TextInput
            label="PIN code"
            inputMode="numeric"
            maxLength={6}
            withAsterisk
            {...form.getInputProps('pincode')}
          />
        </Group>
        <TextInput label="State" withAsterisk {...form.getInputProps('state')} />
        <Button type="submit" loading={save.isPending}>
          Save address
        </Button>
      </Stack>
    </form>
  );
}

export function ProfilePage({
  profile,
  logoutButton,
  onDeleted,
}: {
  profile: Profile;
  logoutButton: ReactNode;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const remove = useRemoveAddress();
  return (
    <PageContainer>
      <Group justify="space-between" mb="lg">
        <DocumentTitle page="Your profile" />
        <Title order={1}>Your profile</Title>
        {logoutButton}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <DetailsForm profile={profile} />
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Saved addresses
            </Title>
            <Button variant="light" onClick={() => setEditing('new')}>
              Add address
            </Button>
          </Group>
          {profile.addresses.length === 0 ? <Text c="dimmed">No saved addresses yet.</Text> : null}
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
                  Edit
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  loading={remove.isPending && remove.variables === address.id}
                  onClick={() => remove.mutate(address.id)}
                  aria-label={`Remove address ${address.line1}`}
                >
                  Remove
                </Button>
              </Group>
            </Stack>
          ))}
        </Stack>
      </SimpleGrid>
      <Box mt="xl">
        <ChangePasswordForm />
      </Box>
      <MyDataSection onDeleted={onDeleted} />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New address' : 'Edit address'}
        centered
      >
        {editing !== null ? (
          <AddressForm address={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </PageContainer>
  );
}

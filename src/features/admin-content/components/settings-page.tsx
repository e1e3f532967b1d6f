import { Alert, Button, Fieldset, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { ImageUpload } from '@/components/admin/image-upload';
import { LoadError, LoadingState } from '@/components/query-states';
import { type SiteSettingsInput, siteSettingsResponseSchema } from '@/contract/admin';
import type { SiteSettings } from '@/contract/site';
import { adminRequest } from '@/lib/admin-api';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { siteSettingsKeys } from '../api/settings-keys';

const OFFLINE = 'You are offline: nothing was saved. Try again when you are back online.';

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SiteSettingsInput>({ mode: 'controlled', initialValues: settings });
  const save = useMutation({
    mutationFn: (input: SiteSettingsInput) =>
      adminRequest('/settings', {
        method: 'PUT',
        body: input,
        idempotencyKey: newIdempotencyKey(),
        schema: siteSettingsResponseSchema,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(siteSettingsKeys.admin, answer);
      void queryClient.invalidateQueries({ queryKey: siteSettingsKeys.publicSite });
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      notifications.show({ color: 'green', message: 'The site settings are saved' });
    } catch (error) {
      setFailure(applyServerError(form, error, OFFLINE));
    }
  });
  const text = (field: keyof SiteSettingsInput, label: string, description?: string) => (
    <TextInput label={label} description={description} {...form.getInputProps(field)} />
  );
  return (
    <form ref={focusFirstError} onSubmit={submit} noValidate>
      <Stack gap="md" maw={760}>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Fieldset legend="The site">
          <Stack gap="sm">
            {text('site_name', 'Site name')}
            <Textarea label="Description" autosize minRows={2} {...form.getInputProps('site_description')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ImageUpload
                folder="settings"
                label="Logo"
                value={form.values.site_logo ?? ''}
                onChange={(name) => form.setFieldValue('site_logo', name)}
                error={form.errors.site_logo as string | undefined}
              />
              <ImageUpload
                folder="settings"
                label="Favicon"
                value={form.values.site_favicon ?? ''}
                onChange={(name) => form.setFieldValue('site_favicon', name)}
                error={form.errors.site_favicon as string | undefined}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Contact">
          <Stack gap="sm">
            {text('site_phone', 'Phone')}
            {text('site_whatsapp', 'WhatsApp number')}
            <Textarea label="Address" autosize minRows={2} {...form.getInputProps('site_address')} />
          </Stack>
        </Fieldset>
        <Fieldset legend="Social links">
          <Stack gap="sm">
            {text('facebook', 'Facebook', 'https://…')}
            {text('instagram', 'Instagram', 'https://…')}
            {text('youtube', 'YouTube', 'https://…')}
            {text('linkedin', 'LinkedIn', 'https://…')}
          </Stack>
        </Fieldset>
        <div>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** The 11 site settings of the footer, header and contact page. */
export function SettingsPage() {
  const query = useQuery({
    queryKey: siteSettingsKeys.admin,
    queryFn: ({ signal }) => adminRequest('/settings', { schema: siteSettingsResponseSchema, signal }),
    select: (answer) => answer.data,
  });
  return (
    <AdminPage title="Site settings">
      {query.isPending ? (
        <LoadingState label="Loading the settings" />
      ) : query.isError ? (
        <LoadError
          title="The settings could not be loaded"
          error={query.error}
          what="page"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </AdminPage>
  );
}

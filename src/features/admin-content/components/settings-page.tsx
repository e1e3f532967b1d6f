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
import { settings_address } from '@/paraglide/messages/settings_address.js';
import { settings_contact } from '@/paraglide/messages/settings_contact.js';
import { settings_description } from '@/paraglide/messages/settings_description.js';
import { settings_favicon } from '@/paraglide/messages/settings_favicon.js';
import { settings_load_failed } from '@/paraglide/messages/settings_load_failed.js';
import { settings_loading } from '@/paraglide/messages/settings_loading.js';
import { settings_logo } from '@/paraglide/messages/settings_logo.js';
import { settings_offline } from '@/paraglide/messages/settings_offline.js';
import { settings_phone } from '@/paraglide/messages/settings_phone.js';
import { settings_save } from '@/paraglide/messages/settings_save.js';
import { settings_saved } from '@/paraglide/messages/settings_saved.js';
import { settings_site } from '@/paraglide/messages/settings_site.js';
import { settings_site_name } from '@/paraglide/messages/settings_site_name.js';
import { settings_social } from '@/paraglide/messages/settings_social.js';
import { settings_title } from '@/paraglide/messages/settings_title.js';
import { settings_whatsapp } from '@/paraglide/messages/settings_whatsapp.js';

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
      notifications.show({ color: 'green', message: settings_saved() });
    } catch (error) {
      setFailure(applyServerError(form, error, settings_offline()));
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
        <Fieldset legend={settings_site()}>
          <Stack gap="sm">
            {text('site_name', settings_site_name())}
            <Textarea label={settings_description()} autosize minRows={2} {...form.getInputProps('site_description')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ImageUpload
                folder="settings"
                label={settings_logo()}
                value={form.values.site_logo ?? ''}
                onChange={(name) => form.setFieldValue('site_logo', name)}
                error={form.errors.site_logo as string | undefined}
              />
              <ImageUpload
                folder="settings"
                label={settings_favicon()}
                value={form.values.site_favicon ?? ''}
                onChange={(name) => form.setFieldValue('site_favicon', name)}
                error={form.errors.site_favicon as string | undefined}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={settings_contact()}>
          <Stack gap="sm">
            {text('site_phone', settings_phone())}
            {text('site_whatsapp', settings_whatsapp())}
            <Textarea label={settings_address()} autosize minRows={2} {...form.getInputProps('site_address')} />
          </Stack>
        </Fieldset>
        <Fieldset legend={settings_social()}>
          <Stack gap="sm">
            {text('facebook', 'Facebook', 'https://…')}
            {text('instagram', 'Instagram', 'https://…')}
            {text('youtube', 'YouTube', 'https://…')}
            {text('linkedin', 'LinkedIn', 'https://…')}
          </Stack>
        </Fieldset>
        <div>
          <Button type="submit" loading={save.isPending}>
            {settings_save()}
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
    <AdminPage title={settings_title()}>
      {query.isPending ? (
        <LoadingState label={settings_loading()} />
      ) : query.isError ? (
        <LoadError
          title={settings_load_failed()}
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

import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import classes from '@/components/admin/admin.module.css';
import { AdminPage } from '@/components/admin/admin-page';
import { ConfirmAction } from '@/components/admin/confirm-action';
import { ImageUpload } from '@/components/admin/image-upload';
import { LoadError, LoadingState } from '@/components/query-states';
import { applyServerError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { imageUrl } from '@/lib/image-url';
import { notifyFailure } from '@/lib/notify-failure';
import { bannersQuery, useDeleteBanner, useSaveBanner } from '../api/banners';

const OFFLINE = 'You are offline: nothing was saved. Try again when you are back online.';

interface BannerValues {
  image: string;
  link: string;
  alt: string;
}

/** Adds a banner (`banner` null) or changes one; the image is uploaded first and shown. */
function BannerForm({ banner, onDone }: { banner: ({ id: number } & BannerValues) | null; onDone: () => void }) {
  const save = useSaveBanner();
  const [key] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BannerValues>({
    mode: 'controlled',
    initialValues: { image: banner?.image ?? '', link: banner?.link ?? '', alt: banner?.alt ?? '' },
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: banner?.id ?? null, input: values, key });
      onDone();
    } catch (error) {
      setFailure(applyServerError(form, error, OFFLINE));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <ImageUpload
          folder="banner"
          label="Image"
          value={form.values.image}
          onChange={(name) => form.setFieldValue('image', name)}
          error={form.errors.image as string | undefined}
        />
        <TextInput
          label="Description for people who cannot see it"
          description="Leave empty if the banner is only decoration"
          {...form.getInputProps('alt')}
        />
        <TextInput
          label="Link"
          description="A page of this site (/shop) or an address starting with https:// (optional)"
          {...form.getInputProps('link')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {banner ? 'Save banner' : 'Add banner'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The home page's banners in carousel order: add, change, move up or down, remove. */
export function BannersPage() {
  const query = useQuery(bannersQuery);
  const save = useSaveBanner();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const banners = query.data ?? [];
  const edited = typeof editing === 'number' ? banners.find((banner) => banner.id === editing) : undefined;

  const moveTo = (id: number, position: number) => {
    const banner = banners.find((item) => item.id === id);
    if (!banner) return;
    save.mutate(
      { id, input: { image: banner.image, link: banner.link, alt: banner.alt, position }, key: newIdempotencyKey() },
      { onError: notifyFailure('The banner was not moved') },
    );
  };

  return (
    <AdminPage title="Banners" actions={<Button onClick={() => setEditing('new')}>Add banner</Button>}>
      {query.isPending ? (
        <LoadingState label="Loading banners" />
      ) : query.isError ? (
        <LoadError
          title="The banners could not be loaded"
          error={query.error}
          what="list"
          onRetry={() => void query.refetch()}
        />
      ) : banners.length === 0 ? (
        <Text c="dimmed">There are no banners: the home page starts with its sections.</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Banners in order">
          {banners.map((banner, index) => (
            <Card key={banner.id} component="li" withBorder padding="sm" aria-label={`Banner ${index + 1}`}>
              <Group align="flex-start" gap="sm" wrap="wrap">
                <img
                  className={classes.preview}
                  src={imageUrl(banner.image, 'banner')}
                  alt={banner.alt || `Banner ${index + 1}`}
                  width={240}
                />
                <Stack gap={4} style={{ flex: 1, minWidth: 180 }}>
                  <Text fw={600}>Banner {index + 1}</Text>
                  <Text fz="sm" c="dimmed">
                    {banner.alt || 'No description'}
                    {banner.link ? ` · links to ${banner.link}` : ''}
                  </Text>
                  <Group gap="xs" wrap="wrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      disabled={index === 0}
                      onClick={() => moveTo(banner.id, index)}
                    >
                      Move up
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      disabled={index === banners.length - 1}
                      onClick={() => moveTo(banner.id, index + 2)}
                    >
                      Move down
                    </Button>
                    <Button size="compact-sm" variant="light" onClick={() => setEditing(banner.id)}>
                      Edit
                    </Button>
                    <ConfirmAction
                      size="compact-sm"
                      label="Remove"
                      title={`Remove banner ${index + 1}?`}
                      message="It disappears from the home page at once."
                      confirmLabel="Remove banner"
                      onConfirm={() =>
                        remove.mutate(banner.id, { onError: notifyFailure('The banner was not removed') })
                      }
                    />
                  </Group>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a banner' : 'Change the banner'}
        size="lg"
      >
        {editing !== null ? (
          <BannerForm key={String(editing)} banner={edited ?? null} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </AdminPage>
  );
}

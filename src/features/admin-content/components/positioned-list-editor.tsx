import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import classes from '@/components/admin/admin.module.css';
import { ConfirmAction } from '@/components/admin/confirm-action';
import { ImageUpload } from '@/components/admin/image-upload';
import { LoadError, LoadingState } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import type { UploadFolder } from '@/contract/uploads';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { imageUrl } from '@/lib/image-url';
import { notifyFailure } from '@/lib/notify-failure';
import { type ListItem, positionedListQuery, useDeleteListItem, useSaveListItem } from '../api/positioned-list';
import { content_add } from '@/paraglide/messages/content_add.js';
import { content_change } from '@/paraglide/messages/content_change.js';
import { content_edit } from '@/paraglide/messages/content_edit.js';
import { content_empty } from '@/paraglide/messages/content_empty.js';
import { content_in_order } from '@/paraglide/messages/content_in_order.js';
import { content_keep } from '@/paraglide/messages/content_keep.js';
import { content_load_failed } from '@/paraglide/messages/content_load_failed.js';
import { content_loading } from '@/paraglide/messages/content_loading.js';
import { content_move_down } from '@/paraglide/messages/content_move_down.js';
import { content_move_up } from '@/paraglide/messages/content_move_up.js';
import { content_not_moved } from '@/paraglide/messages/content_not_moved.js';
import { content_not_removed } from '@/paraglide/messages/content_not_removed.js';
import { content_offline } from '@/paraglide/messages/content_offline.js';
import { content_remove } from '@/paraglide/messages/content_remove.js';
import { content_remove_noun } from '@/paraglide/messages/content_remove_noun.js';
import { content_remove_text } from '@/paraglide/messages/content_remove_text.js';
import { content_remove_title } from '@/paraglide/messages/content_remove_title.js';
import { content_save } from '@/paraglide/messages/content_save.js';

/** One field of an item's form: the API's name for it, and how it is entered. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'image';
  /** The upload folder of an image field. */
  folder?: UploadFolder;
  description?: string;
  required?: boolean;
}

export interface ListSpec {
  /** "banner", in the page's language: the buttons say "Add banner", "Remove banner". */
  noun: string;
  fields: readonly FieldSpec[];
  /** What a row is called: its title, or "Banner 2". */
  titleOf: (item: ListItem, index: number) => string;
  /** A second line under the title. */
  detailOf?: (item: ListItem) => string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function ItemForm({
  path,
  spec,
  item,
  onDone,
}: {
  path: string;
  spec: ListSpec;
  item: ListItem | null;
  onDone: () => void;
}) {
  const save = useSaveListItem(path);
  // One key per opened form: a save retried after a lost answer is applied once.
  const [key] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Record<string, string>>({
    mode: 'controlled',
    initialValues: Object.fromEntries(spec.fields.map((field) => [field.name, text(item?.[field.name])])),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: item?.id ?? null, input: values, key });
      onDone();
    } catch (error) {
      setFailure(applyServerError(form, error, content_offline()));
    }
  });
  return (
    <form ref={focusFirstError} onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        {spec.fields.map((field) =>
          field.kind === 'image' ? (
            <ImageUpload
              key={field.name}
              folder={field.folder ?? 'section'}
              label={field.label}
              value={form.values[field.name] ?? ''}
              onChange={(name) => form.setFieldValue(field.name, name)}
              error={form.errors[field.name] as string | undefined}
            />
          ) : field.kind === 'textarea' ? (
            <Textarea
              key={field.name}
              label={field.label}
              description={field.description}
              autosize
              minRows={3}
              {...form.getInputProps(field.name)}
            />
          ) : (
            <TextInput
              key={field.name}
              label={field.label}
              description={field.description}
              required={field.required}
              {...form.getInputProps(field.name)}
            />
          ),
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {item ? content_save({ noun: spec.noun }) : content_add({ noun: spec.noun })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A list editors keep in order (banners, insider videos, a section's items, a category's entries): add, change,
 * move up or down, remove (after a confirmation). Every change shows on the public site at once.
 */
export function PositionedListEditor({ path, spec }: { path: string; spec: ListSpec }) {
  const query = useQuery(positionedListQuery(path));
  const save = useSaveListItem(path);
  const remove = useDeleteListItem(path);
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const items = query.data ?? [];
  const edited = typeof editing === 'number' ? items.find((item) => item.id === editing) : undefined;
  const image = spec.fields.find((field) => field.kind === 'image');

  const moveTo = (item: ListItem, position: number) => {
    const input = Object.fromEntries(spec.fields.map((field) => [field.name, text(item[field.name])]));
    save.mutate(
      { id: item.id, input: { ...input, position }, key: newIdempotencyKey() },
      { onError: notifyFailure(content_not_moved({ noun: spec.noun })) },
    );
  };

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing('new')}>{content_add({ noun: spec.noun })}</Button>
      </Group>
      {query.isPending ? (
        <LoadingState label={content_loading({ noun: spec.noun })} />
      ) : query.isError ? (
        <LoadError title={content_load_failed()} error={query.error} what="list" onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{content_empty()}</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={content_in_order()}>
          {items.map((item, index) => {
            const title = spec.titleOf(item, index);
            const picture = image ? text(item[image.name]) : '';
            return (
              <Card key={item.id} component="li" withBorder padding="sm" aria-label={title}>
                <Group align="flex-start" gap="sm" wrap="wrap">
                  {picture && image ? (
                    <ResponsiveImage
                      className={classes.preview}
                      src={imageUrl(picture, image.folder ?? 'section')}
                      sizes="160px"
                      alt=""
                      width={160}
                    />
                  ) : null}
                  <Stack gap={4} style={{ flex: 1, minWidth: 180 }}>
                    <Text fw={600}>{title}</Text>
                    {spec.detailOf ? (
                      <Text fz="sm" c="dimmed">
                        {spec.detailOf(item)}
                      </Text>
                    ) : null}
                    <Group gap="xs" wrap="wrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={index === 0}
                        onClick={() => moveTo(item, index)}
                      >
                        {content_move_up()}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={index === items.length - 1}
                        onClick={() => moveTo(item, index + 2)}
                      >
                        {content_move_down()}
                      </Button>
                      <Button size="compact-sm" variant="light" onClick={() => setEditing(item.id)}>
                        {content_edit()}
                      </Button>
                      <ConfirmAction
                        size="compact-sm"
                        label={content_remove()}
                        title={content_remove_title({ title })}
                        message={content_remove_text()}
                        confirmLabel={content_remove_noun({ noun: spec.noun })}
                        cancelLabel={content_keep()}
                        onConfirm={() =>
                          remove.mutate(item.id, { onError: notifyFailure(content_not_removed({ noun: spec.noun })) })
                        }
                      />
                    </Group>
                  </Stack>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? content_add({ noun: spec.noun }) : content_change({ noun: spec.noun })}
        size="lg"
      >
        {editing !== null ? (
          <ItemForm
            key={String(editing)}
            path={path}
            spec={spec}
            item={edited ?? null}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

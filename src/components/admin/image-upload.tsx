import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ResponsiveImage } from '@/components/responsive-image';
import { type UploadStage, UploadProgress } from '@/components/upload-progress';
import { ADMIN_API_PATH } from '@/contract/admin';
import { type UploadFolder, uploadResponseSchema } from '@/contract/uploads';
import { ApiError, NetworkError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { imageUrl } from '@/lib/image-url';
import { ImageRefusal } from '@/lib/shrink-image';
import { uploadImage } from '@/lib/upload-image';
import classes from './admin.module.css';
import { adminUi_image_choose } from '@/paraglide/messages/adminui_image_choose1.js';
import { adminUi_image_drop } from '@/paraglide/messages/adminui_image_drop1.js';
import { adminUi_image_failed } from '@/paraglide/messages/adminui_image_failed1.js';
import { adminUi_image_hint } from '@/paraglide/messages/adminui_image_hint1.js';
import { adminUi_image_offline } from '@/paraglide/messages/adminui_image_offline1.js';
import { adminUi_image_one } from '@/paraglide/messages/adminui_image_one1.js';
import { adminUi_image_preview } from '@/paraglide/messages/adminui_image_preview1.js';
import { adminUi_image_remove } from '@/paraglide/messages/adminui_image_remove1.js';
import { adminUi_image_replace } from '@/paraglide/messages/adminui_image_replace1.js';
import { adminUi_image_type } from '@/paraglide/messages/adminui_image_type1.js';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

function rejectionMessage(rejections: FileRejection[]): string {
  const code = rejections[0]?.errors[0]?.code;
  if (code === 'too-many-files') return adminUi_image_one();
  return adminUi_image_type();
}

/**
 * Picks or takes an image, shrinks it to the largest width kept, uploads it at once and shows it; `onChange` receives
 * the stored name. The server checks the image itself; the dropzone only saves a pointless upload of a file that is
 * plainly not an image.
 */
export function ImageUpload({
  folder,
  label,
  value,
  onChange,
  error,
}: {
  folder: UploadFolder;
  label: string;
  value: string;
  onChange: (name: string) => void;
  error?: string;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [stage, setStage] = useState<UploadStage | null>(null);
  const upload = useMutation({
    // Shrunk on the device to the largest width kept, then sent with its progress shown (lib/upload-image.ts).
    mutationFn: async (file: File) => {
      const answer = await uploadImage(`${ADMIN_API_PATH}/uploads/${folder}`, file, {
        idempotencyKey: newIdempotencyKey(),
        schema: uploadResponseSchema,
        onProgress: setStage,
      });
      return answer.data.name;
    },
    onMutate: () => {
      setProblem(null);
      setStage('preparing');
    },
    onSettled: () => setStage(null),
    onSuccess: (name) => onChange(name),
    onError: (failure) =>
      setProblem(
        failure instanceof ApiError || failure instanceof ImageRefusal
          ? failure.message
          : failure instanceof NetworkError
            ? adminUi_image_offline()
            : adminUi_image_failed(),
      ),
  });
  const shown = problem ?? error;
  return (
    <Input.Wrapper label={label} error={shown}>
      <Stack gap="xs" mt={4}>
        {value ? (
          <ResponsiveImage
            className={classes.preview}
            src={imageUrl(value, folder)}
            sizes="(max-width: 36em) 100vw, 480px"
            alt={adminUi_image_preview({ label })}
          />
        ) : null}
        <Dropzone
          onDrop={(files) => {
            const [file] = files;
            if (file) upload.mutate(file);
          }}
          onReject={(rejections) => setProblem(rejectionMessage(rejections))}
          accept={ACCEPTED}
          multiple={false}
          loading={upload.isPending}
          aria-label={adminUi_image_choose({ label })}
          // The file field inside is named by react-dropzone in English ("file upload") unless told.
          inputProps={{ 'aria-label': adminUi_image_choose({ label }) }}
          className={classes.dropzone}
        >
          <Group justify="center" gap="xs" mih={64}>
            <Text fz="sm" ta="center">
              {value ? adminUi_image_replace() : adminUi_image_drop()}
            </Text>
            <Text fz="xs" c="dimmed" ta="center">
              {adminUi_image_hint()}
            </Text>
          </Group>
        </Dropzone>
        <UploadProgress stage={stage} />
        {value ? (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => onChange('')}>
              {adminUi_image_remove()}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

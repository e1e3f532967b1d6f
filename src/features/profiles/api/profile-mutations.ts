import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UploadStage } from '@/components/upload-progress';
import { messageResponseSchema } from '@/contract/user';
import { myProfileResponseSchema, type MyProfile, type PhotoChange } from '@/contract/profiles';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { uploadImage } from '@/lib/upload-image';
import { myProfileKeys, profileKeys } from './profile-keys';

/** Keeps what the server answered for the member's own profile, and drops the public copies it changes. */
function useProfileAnswer() {
  const queryClient = useQueryClient();
  return (profile: MyProfile) => {
    queryClient.setQueryData(myProfileKeys.profile(), profile);
    void queryClient.invalidateQueries({ queryKey: profileKeys.all() });
  };
}

/** Adds a photo, shrunk on the device first (lib/upload-image.ts); `stage` says how far its upload is. */
export function usePhotoUpload() {
  const keep = useProfileAnswer();
  const [stage, setStage] = useState<UploadStage | null>(null);
  const mutation = useMutation({
    mutationFn: async (file: File) =>
      (
        await uploadImage(apiPaths.userApi('/me/profile/photos'), file, {
          idempotencyKey: newIdempotencyKey(),
          schema: myProfileResponseSchema,
          onProgress: setStage,
        })
      ).data,
    onMutate: () => setStage('preparing'),
    onSettled: () => setStage(null),
    onSuccess: keep,
    networkMode: 'always',
  });
  return { ...mutation, stage };
}

export function usePhotoChange() {
  const keep = useProfileAnswer();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: PhotoChange | 'remove' }) =>
      (
        await apiRequest(apiPaths.userApi(`/me/profile/photos/${id}`), {
          method: change === 'remove' ? 'DELETE' : 'PUT',
          ...(change === 'remove' ? {} : { body: change }),
          auth: true,
          idempotencyKey: newIdempotencyKey(),
          schema: myProfileResponseSchema,
        })
      ).data,
    onSuccess: keep,
    networkMode: 'always',
  });
}

export function useVerificationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      apiRequest(apiPaths.userApi('/me/verification-request'), {
        method: 'POST',
        body: { note },
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: messageResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProfileKeys.profile() }),
    networkMode: 'always',
  });
}

/** Writes to a member through CineVerse: the message reaches them by email and in their account. */
export function useContactMember(handle: string) {
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest(apiPaths.publicApi(`/profiles/${encodeURIComponent(handle)}/contact`), {
        method: 'POST',
        body: { message },
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: messageResponseSchema,
      }),
    networkMode: 'always',
  });
}

export function useReportProfile(handle: string) {
  return useMutation({
    mutationFn: (report: { reason: string; details: string }) =>
      apiRequest(apiPaths.publicApi(`/profiles/${encodeURIComponent(handle)}/report`), {
        method: 'POST',
        body: report,
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: messageResponseSchema,
      }),
    networkMode: 'always',
  });
}

/** Asks for the guardian's confirmation mail again (the server allows one every few minutes). */
export function useGuardianResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(apiPaths.userApi('/me/profile/guardian/resend'), {
        method: 'POST',
        auth: true,
        schema: messageResponseSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myProfileKeys.profile() }),
    networkMode: 'always',
  });
}

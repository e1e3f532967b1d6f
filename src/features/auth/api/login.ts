import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  loginResponseSchema,
  messageResponseSchema,
  type LoginRequest,
  type LoginResponse,
  type SignInLinkRequest,
} from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { deviceTokenFor, keepDeviceToken } from '../device-tokens';
import { useSignIn } from './sign-in';

/** A session, or (202) the word that a sign-in link was mailed because the account is being guessed at. */
const loginAnswerSchema = z.union([loginResponseSchema, messageResponseSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export function login(input: LoginRequest): Promise<LoginAnswer> {
  const body: LoginRequest = { ...input, device_token: deviceTokenFor(input.email) };
  return apiRequest(apiPaths.userApi('/login'), { method: 'POST', body, schema: loginAnswerSchema });
}

/** Signs in with a session answer, and keeps the device's token for the account's next login from here. */
function useSignInOnDevice() {
  const signIn = useSignIn();
  return (answer: LoginResponse) => {
    if (answer.user.email) keepDeviceToken(answer.user.email, answer.device_token);
    signIn(answer);
  };
}

export function useLogin() {
  const signInOnDevice = useSignInOnDevice();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('token' in answer) signInOnDevice(answer);
    },
  });
}

export function useSignInLink() {
  const signInOnDevice = useSignInOnDevice();
  return useMutation({
    mutationFn: (input: SignInLinkRequest) =>
      apiRequest(apiPaths.userApi('/sign-in-link'), { method: 'POST', body: input, schema: loginResponseSchema }),
    onSuccess: signInOnDevice,
  });
}

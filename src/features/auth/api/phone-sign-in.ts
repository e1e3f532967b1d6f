import { useMutation } from '@tanstack/react-query';
import {
  loginResponseSchema,
  phoneCodeResponseSchema,
  type PhoneCodeRequest,
  type PhoneLoginRequest,
  type PhoneRegisterRequest,
} from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { getLocale } from '@/paraglide/runtime';
import { deviceTokenFor, keepDeviceToken } from '../device-tokens';
import { useSignIn } from './sign-in';

/** Device tokens of phone accounts are kept by number (`phone:9876543210`), beside those kept by email. */
const deviceKey = (phone: string) => `phone:${phone}`;

/**
 * Asks the server to send a code by SMS to the number, with this device's token of a past sign-in with it: such a
 * device's codes count apart, so that codes others ask for the number never keep its owner out.
 */
export function requestPhoneCode(input: PhoneCodeRequest) {
  return apiRequest(apiPaths.userApi('/phone/code'), {
    method: 'POST',
    body: { ...input, device_token: deviceTokenFor(deviceKey(input.phone)) },
    schema: phoneCodeResponseSchema,
  });
}

/** Asks for a code; the answer comes with the time it arrived (ms), from which the wait for the next is counted. */
export function usePhoneCode() {
  return useMutation({
    mutationFn: async (input: PhoneCodeRequest) => ({ answer: await requestPhoneCode(input), at: Date.now() }),
  });
}

export function usePhoneLogin() {
  const signIn = useSignIn();
  return useMutation({
    mutationFn: (input: PhoneLoginRequest) =>
      apiRequest(apiPaths.userApi('/phone/login'), {
        method: 'POST',
        body: { ...input, device_token: deviceTokenFor(deviceKey(input.phone)) },
        schema: loginResponseSchema,
      }),
    onSuccess: (answer, input) => {
      keepDeviceToken(deviceKey(input.phone), answer.device_token);
      signIn(answer);
    },
  });
}

export function usePhoneRegister() {
  const signIn = useSignIn();
  return useMutation({
    mutationFn: (input: PhoneRegisterRequest) =>
      apiRequest(apiPaths.userApi('/phone/register'), {
        method: 'POST',
        // Made on a Hindi page, the account reads Hindi from the first.
        body: { language: getLocale(), ...input },
        // A number that has an account signs in to it: the code proved the number is this person's.
        schema: loginResponseSchema,
      }),
    onSuccess: (answer, input) => {
      keepDeviceToken(deviceKey(input.phone), answer.device_token);
      signIn(answer);
    },
  });
}

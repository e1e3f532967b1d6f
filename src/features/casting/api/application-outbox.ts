import type { QueryClient } from '@tanstack/react-query';
import type { ApplicationInput } from '@/contract/casting';
import type { OutboxKind } from '@/offline/outbox-types';
import { myCastingKeys } from './casting-keys';
import { keepUnsentNote } from './unsent-notes';

export interface QueuedApplication {
  callId: number;
  roleId: number;
  callTitle: string;
  roleName: string;
  input: ApplicationInput;
}

/**
 * An application written while offline, or whose sending failed on the network: sent once when the network returns,
 * with the key made when Send application was pressed (the server may have it already: it answers as it did). When the server refuses it (the deadline passed meanwhile), the note is kept on the device to copy.
 */
export const applicationOutbox: OutboxKind<QueuedApplication, { queryClient: QueryClient }> = {
  name: 'application',
  owner: 'user',
  laneOf: (application) => `application:${application.roleId}`,
  async send(application, { idempotencyKey }) {
    // Loaded when there is an application to send: the casting schemas stay out of every visitor's start.
    const { sendApplication } = await import('./send-application');
    await sendApplication(application.callId, application.roleId, application.input, idempotencyKey);
  },
  settled(_run, context) {
    void context.queryClient.invalidateQueries({ queryKey: myCastingKeys.applications() });
  },
  delivered: (application) => ({
    title: 'Application sent',
    message: `${application.roleName} in ${application.callTitle}`,
  }),
  refusal(application, reason) {
    keepUnsentNote({
      callId: application.callId,
      callTitle: application.callTitle,
      roleName: application.roleName,
      note: application.input.note ?? '',
      reason,
      at: Date.now(),
    });
    return {
      title: `Your application for ${application.roleName} was not sent`,
      message: `${reason}${application.input.note ? ' Your note is kept under My applications for you to copy.' : ''}`,
    };
  },
  notKept: 'Your application was not saved on this device',
};

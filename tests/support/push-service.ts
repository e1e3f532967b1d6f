import type { AddressInfo } from 'node:net';
import { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
import WebPushTestingServer from 'web-push-testing/src/server.js';

/** A browser's subscription at the push service, as `PushSubscription.toJSON()` gives it, with its name there. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The subscription's name at the push service. */
  clientHash: string;
}

export interface PushService {
  /** Its origin (`http://localhost:<port>`), for the server's PUSH_SERVICES. */
  url: string;
  /** Subscribes a browser for the application server key `publicKey`, as `pushManager.subscribe` does. */
  subscribe(publicKey: string): Promise<TestSubscription>;
  /** The messages delivered to the subscription, decrypted, in order. */
  messages(clientHash: string): Promise<string[]>;
  /** Makes the push service forget the subscription: it answers 410 to messages for it from now on. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real push service (web-push-testing) in the test's own process on a free port: it checks each message's VAPID
 * signature against the key the subscription was made with and decrypts it (RFC 8291) as a browser would. Its own
 * HTTP API is used, as another process would use it.
 */
export async function startPushService(): Promise<PushService> {
  const model = new PushApiModel();
  const testing = new WebPushTestingServer(model, 0);
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const listening = testing._app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  testing.setRequestHandlers();
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${url}/notify/`;

  async function call(path: string, body: object): Promise<Response> {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`The push service answered ${response.status} to ${path}: ${await response.text()}`);
    return response;
  }

  return {
    url,
    async subscribe(publicKey) {
      const answer = (await (
        await call('/subscribe', { userVisibleOnly: 'true', applicationServerKey: publicKey })
      ).json()) as { data: TestSubscription };
      return answer.data;
    },
    async messages(clientHash) {
      const answer = (await (await call('/get-notifications', { clientHash })).json()) as {
        data: { messages: string[] };
      };
      return answer.data.messages;
    },
    async expire(clientHash) {
      await call(`/expire-subscription/${clientHash}`, {});
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/config.js';
import { DEFAULT_PUSH_SERVICES, isPushService } from '../../server/src/lib/push.js';

describe('the Web Push settings (VAPID_*, PUSH_SERVICES)', () => {
  it('leave the key pair to the database and the push services to the browsers’ own when none is set', () => {
    expect(readConfig({}).push).toEqual({
      publicKey: undefined,
      privateKey: undefined,
      subject: undefined,
      services: undefined,
    });
    expect(
      readConfig({
        PUSH_SERVICES: ' fcm.googleapis.com , http://localhost:8090 ',
        VAPID_SUBJECT: 'mailto:ops@cineverse.in',
      }).push,
    ).toMatchObject({ services: ['fcm.googleapis.com', 'http://localhost:8090'], subject: 'mailto:ops@cineverse.in' });
  });

  it('refuse to start with one key of the pair, or a subject push services cannot write to', () => {
    expect(() => readConfig({ VAPID_PUBLIC_KEY: 'BOr3' })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => readConfig({ VAPID_SUBJECT: 'ops@cineverse.in' })).toThrow(/VAPID_SUBJECT must/);
  });
});

describe('the push services the server posts to', () => {
  it('are the browsers’ own, over https, with their subdomains', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXf3',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGuQ',
      'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAAD',
    ]) {
      expect(isPushService(endpoint, DEFAULT_PUSH_SERVICES), endpoint).toBe(true);
    }
  });

  it('are never an address inside the network, a look-alike host, plain http or an address with a password', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/dXf3',
      'https://fcm.googleapis.com.example.com/fcm/send/dXf3',
      'https://evilfcm.googleapis.com.evil/x',
      'https://169.254.169.254/latest/meta-data',
      'https://user:secret@fcm.googleapis.com/fcm/send/dXf3',
      'not an address',
    ]) {
      expect(isPushService(endpoint, DEFAULT_PUSH_SERVICES), endpoint).toBe(false);
    }
    expect(isPushService('http://localhost:8090/notify/1', ['http://localhost:8090'])).toBe(true);
    expect(isPushService('http://localhost:8091/notify/1', ['http://localhost:8090'])).toBe(false);
  });
});

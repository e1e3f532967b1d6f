import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/config.js';

const msg91 = { SMS_AUTH_KEY: '412345ABCdef', SMS_TEMPLATE_ID: '6650a1b2c3d4e5f6a7b8c9d0', SMS_SENDER_ID: 'CINEVR' };

describe('the SMS provider settings (SMS_*)', () => {
  it('leave phone sign-in to the environment when none is set', () => {
    expect(readConfig({}).sms).toBeUndefined();
  });

  it('name the MSG91 account, at control.msg91.com unless SMS_BASE_URL says otherwise', () => {
    expect(readConfig(msg91).sms).toEqual({
      baseUrl: 'https://control.msg91.com',
      authKey: '412345ABCdef',
      templateId: '6650a1b2c3d4e5f6a7b8c9d0',
      senderId: 'CINEVR',
    });
    expect(readConfig({ ...msg91, SMS_BASE_URL: 'http://127.0.0.1:41301' }).sms?.baseUrl).toBe(
      'http://127.0.0.1:41301',
    );
  });

  it('refuse to start with some of them set, naming each one missing, or with a base that is not an address', () => {
    expect(() => readConfig({ SMS_AUTH_KEY: msg91.SMS_AUTH_KEY })).toThrow(
      /^SMS_TEMPLATE_ID, SMS_SENDER_ID must be set too/,
    );
    expect(() => readConfig({ ...msg91, SMS_BASE_URL: 'control.msg91.com' })).toThrow(/SMS_BASE_URL must/);
  });
});

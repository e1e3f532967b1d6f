import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema.js';
import { createShopper, createStaff, productNamed, USER_API, validAddress } from './shop-helpers.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { createTestApp, type TestApp } from './test-app.js';

/** A real SMTP exchange: a local SMTP server in this process receives what the app sends. */
describe('mail through SMTP_URL', () => {
  let smtp: SmtpSink;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    testApp = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it('a shipped order’s mail arrives at the shopper’s address with the tracking ID', async () => {
    const { app } = testApp;
    const manager = await createStaff(app, 'shop_manager', 'Farah Manager');
    const shopper = await createShopper(app, 'Ravi Shopper');
    const [account] = await app.db.select().from(users).where(eq(users.id, shopper.id));
    const product = await productNamed(app, 'Golden Era Bollywood Poster Set');
    await app.inject({
      method: 'POST',
      url: `${USER_API}/addToCart`,
      headers: shopper.headers,
      payload: { product_id: product.id, quantity: 1 },
    });
    const placed = await app.inject({
      method: 'POST',
      url: `${USER_API}/completeOrder`,
      headers: shopper.headers,
      payload: { address: validAddress, payment_method: 'cod' },
    });
    const orderId = placed.json().data.id as number;
    const move = (body: object) =>
      app.inject({
        method: 'POST',
        url: `/backend/api/api/admin/v1/orders/${orderId}/transition`,
        headers: manager.headers,
        payload: body,
      });
    expect((await move({ to: 'confirmed' })).statusCode).toBe(200);
    expect((await move({ to: 'shipped', courier: 'India Post', tracking_id: 'EE123456789IN' })).statusCode).toBe(200);
    await app.sendQueuedMail();

    const shipped = smtp.received.find((mail) => mail.raw.includes(`Subject: Order #${orderId} shipped`));
    expect(shipped).toBeDefined();
    expect(shipped!.to).toEqual([account!.email]);
    expect(shipped!.from).toBe('no-reply@cineverse.in');
    expect(shipped!.raw).toContain('Tracking ID: EE123456789IN');
    expect(smtp.received.some((mail) => mail.raw.includes(`Subject: Order #${orderId} confirmed`))).toBe(true);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema.js';
import { createShopper, createStaff, productNamed, USER_API, validAddress } from './shop-helpers.js';
import { mailRounds, mailText, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { estimateFromOrder } from '../../src/contract/delivery.js';
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

  it('a cash-on-delivery order is mailed as placed without waiting for staff: items, address, total and expected delivery', async () => {
    const { app } = testApp;
    const shopper = await createShopper(app, 'Meera Shopper');
    const [account] = await app.db.select().from(users).where(eq(users.id, shopper.id));
    const product = await productNamed(app, 'Golden Era Bollywood Poster Set');
    await app.inject({
      method: 'POST',
      url: `${USER_API}/addToCart`,
      headers: shopper.headers,
      payload: { product_id: product.id, quantity: 2 },
    });
    const placed = await app.inject({
      method: 'POST',
      url: `${USER_API}/completeOrder`,
      headers: shopper.headers,
      payload: { address: validAddress, payment_method: 'cod' },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data as { id: number; total: number; created_at: string };

    // Placing the order sends its mail itself: nothing here asks the outbox to send.
    const subject = `Subject: Order #${order.id} placed`;
    await expect.poll(() => smtp.received.some((mail) => mail.raw.includes(subject)), mailRounds).toBe(true);
    const mail = smtp.received.find((received) => received.raw.includes(subject))!;
    expect(mail.to).toEqual([account!.email]);
    const text = Buffer.from(mailText(mail), 'latin1').toString('utf8');
    const day = (isoDay: string) =>
      new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Asia/Kolkata',
      }).format(new Date(isoDay));
    const estimate = estimateFromOrder(new Date(order.created_at));
    const rupees = `₹${(order.total / 100).toLocaleString('en-IN')}`;
    expect(text).toContain(`Your order #${order.id} has been placed. Pay ${rupees} in cash on delivery`);
    expect(text).toContain('2 × Golden Era Bollywood Poster Set');
    expect(text).toContain('12, Film City Road');
    expect(text).toContain('Mumbai, Maharashtra 400065');
    expect(text).toContain(`Order total: ${rupees} (cash on delivery)`);
    expect(text).toContain(`Expected delivery: between ${day(estimate.earliest)} and ${day(estimate.latest)}`);
    expect(text).not.toMatch(/SMS/);

    const centre = await app.inject({ method: 'GET', url: `${USER_API}/notifications`, headers: shopper.headers });
    expect(centre.json().data[0]).toMatchObject({ title: `Order #${order.id} placed`, link: `/orders/${order.id}` });
  });
});

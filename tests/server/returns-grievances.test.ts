import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grievanceTickets,
  notifications,
  orderEvents,
  orderRefunds,
  productVariants,
  users,
} from '../../server/src/db/schema.js';
import { razorpayGateway } from '../../server/src/lib/payments/razorpay.js';
import { PAYMENT_CALLBACK_PATH } from '../../server/src/plugins/payment-repository.js';
import { acknowledgeBy, financialYear, resolveBy, ticketNumber } from '../../src/contract/returns.js';
import { type RazorpayStandIn, STAND_IN_KEYS, startRazorpayStandIn } from '../support/razorpay-stand-in.js';
import { mailText, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import {
  createShopper,
  createStaff,
  productNamed,
  stockOf,
  USER_API,
  validAddress,
  type Shopper,
} from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';

let smtp: SmtpSink;
let standIn: RazorpayStandIn;
let testApp: TestApp;
let manager: Shopper;
let admin: Shopper;

beforeAll(async () => {
  smtp = await startSmtpSink();
  standIn = await startRazorpayStandIn();
  testApp = await createTestApp({
    smtpUrl: smtp.url,
    paymentGateway: razorpayGateway({ ...STAND_IN_KEYS, apiUrl: standIn.url, checkoutUrl: standIn.checkoutUrl }),
  });
  manager = await createStaff(testApp.app, 'shop_manager', 'Farah Manager');
  admin = await createStaff(testApp.app, 'admin', 'Anil Admin');
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
  await standIn.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Shopper | null, body?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A shopper's order of `quantity` of `name`, moved by staff until delivered (unless `deliver` is false). */
async function deliveredOrder(name: string, quantity = 1, deliver = true) {
  const shopper = await createShopper(testApp.app, 'Ravi Shopper');
  const product = await productNamed(testApp.app, name);
  expect((await call('POST', `${USER_API}/addToCart`, shopper, { product_id: product.id, quantity })).statusCode).toBe(
    200,
  );
  const placed = await call('POST', `${USER_API}/completeOrder`, shopper, {
    address: validAddress,
    payment_method: 'cod',
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json().data as { id: number; total: number };
  if (deliver) {
    for (const step of [
      { to: 'confirmed' },
      { to: 'shipped', courier: 'Delhivery', tracking_id: 'DL1' },
      { to: 'delivered' },
    ]) {
      expect((await call('POST', `${ADMIN_API}/orders/${order.id}/transition`, manager, step)).statusCode).toBe(200);
    }
  }
  return { shopper, product, order };
}

const askReturn = (who: Shopper, orderId: number, body: Record<string, unknown>) =>
  call('POST', `${USER_API}/orders/${orderId}/returns`, who, {
    reason: 'damaged',
    resolution: 'refund',
    ...body,
  });

const moveReturn = (who: Shopper, returnId: number, body: Record<string, unknown>) =>
  call('POST', `${ADMIN_API}/returns/${returnId}/transition`, who, body);

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
}

function multipartBody(bytes: Buffer) {
  const boundary = '----cineverse-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="torn.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('returns', () => {
  it('ends a return of a size M hoodie paid by UPI, with a photo, in a refund through the gateway, its size back in stock', async () => {
    const shopper = await createShopper(testApp.app, 'Ravi Shopper');
    const hoodie = await productNamed(testApp.app, 'Director’s Chair Hoodie');
    const [medium] = await testApp.app.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, hoodie.id), eq(productVariants.label, 'M')));
    const added = await call('POST', `${USER_API}/addToCart`, shopper, {
      product_id: hoodie.id,
      variant_id: medium!.id,
      quantity: 1,
    });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await call('POST', `${USER_API}/completeOrder`, shopper, {
      address: validAddress,
      payment_method: 'online',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as {
      id: number;
      total: number;
      payment: { checkout: { fields: Record<string, string> } };
    };
    const { callback, payment } = await standIn.pay(order.payment.checkout.fields.order_id!);
    const back = await testApp.app.inject({
      method: 'POST',
      url: `${PAYMENT_CALLBACK_PATH}?order=${order.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(callback).toString(),
    });
    expect(back.statusCode).toBeLessThan(400);
    for (const step of [
      { to: 'confirmed' },
      { to: 'shipped', courier: 'Delhivery', tracking_id: 'DL2' },
      { to: 'delivered' },
    ]) {
      const moved = await call('POST', `${ADMIN_API}/orders/${order.id}/transition`, manager, step);
      expect(moved.statusCode, moved.body).toBe(200);
    }

    const upload = multipartBody(await photo());
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/returns/photos`,
      headers: { ...shopper.headers, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const asked = await askReturn(shopper, order.id, {
      items: [{ line: 0, quantity: 1 }],
      photos: [uploaded.json().data.name],
      reason: 'size',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json().data as { id: number; items_total: number };
    for (const step of [
      { to: 'approved' },
      { to: 'pickup_scheduled', courier: 'Delhivery', tracking_id: 'RP9', pickup_date: '2026-12-02' },
    ]) {
      expect((await moveReturn(manager, ret.id, step)).statusCode).toBe(200);
    }
    const mediumStock = async () =>
      (await testApp.app.db.select().from(productVariants).where(eq(productVariants.id, medium!.id)))[0]!.stock;
    const before = { product: await stockOf(testApp.app, hoodie.id), medium: await mediumStock() };
    expect((await moveReturn(manager, ret.id, { to: 'received', restock: true })).statusCode).toBe(200);
    expect({ product: await stockOf(testApp.app, hoodie.id), medium: await mediumStock() }).toEqual({
      product: before.product + 1,
      medium: before.medium + 1,
    });

    // No reference to type: the money goes back through the gateway, whose refund id is the reference.
    const refunded = await moveReturn(manager, ret.id, { to: 'refunded' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const atGateway = standIn.refunds.filter((refund) => refund.payment_id === payment.id);
    expect(atGateway).toEqual([expect.objectContaining({ amount: ret.items_total })]);
    const rows = await testApp.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(rows).toMatchObject([{ amount: ret.items_total, reference: atGateway[0]!.id }]);
  });

  it('lets only the buyer ask a return of their delivered order, within 30 days of delivery', async () => {
    const { shopper, order } = await deliveredOrder('Golden Era Bollywood Poster Set');
    const stranger = await createShopper(testApp.app, 'Someone Else');
    expect((await askReturn(stranger, order.id, { items: [{ line: 0, quantity: 1 }] })).statusCode).toBe(404);
    expect((await call('POST', `${USER_API}/orders/${order.id}/returns`, null, {})).statusCode).toBe(401);

    const notYet = await deliveredOrder('Golden Era Bollywood Poster Set', 1, false);
    const early = await askReturn(notYet.shopper, notYet.order.id, { items: [{ line: 0, quantity: 1 }] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Items can be returned only within 30 days of delivery');

    // Delivered 31 days ago: past the policy's window.
    await testApp.app.db
      .update(orderEvents)
      .set({ at: sql`now() - interval '31 days'` })
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'delivered')));
    const late = await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 1 }] });
    expect(late.statusCode).toBe(409);
    await testApp.app.db
      .update(orderEvents)
      .set({ at: sql`now() - interval '29 days'` })
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'delivered')));
    const inTime = await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 1 }] });
    expect(inTime.statusCode).toBe(201);
    expect(inTime.json().data).toMatchObject({
      status: 'requested',
      ticket: expect.stringMatching(/^GRV-\d{4}-\d{6}$/),
    });
    // The stranger sees none of it.
    expect((await call('GET', `${USER_API}/orders/${order.id}/returns`, stranger)).json().data).toEqual([]);
  });

  it('refuses more than was ordered, or items returned already, naming the field; other needs words', async () => {
    const { shopper, order } = await deliveredOrder('Golden Era Bollywood Poster Set', 2);
    const tooMany = await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ field: 'items' });
    expect((await askReturn(shopper, order.id, { items: [{ line: 5, quantity: 1 }] })).json()).toMatchObject({
      field: 'items',
    });
    const noWords = await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 1 }], reason: 'other' });
    expect(noWords.json()).toMatchObject({ field: 'details' });

    const first = await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 1 }] });
    expect(first.statusCode).toBe(201);
    const again = await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 2 }] });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Return at most 1 of Golden Era Bollywood Poster Set');
    // A refused return gives its items back to return.
    expect((await moveReturn(manager, first.json().data.id, { to: 'rejected' })).json()).toMatchObject({
      field: 'note',
    });
    expect(
      (await moveReturn(manager, first.json().data.id, { to: 'rejected', note: 'The poster was not damaged' }))
        .statusCode,
    ).toBe(200);
    expect((await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 2 }] })).statusCode).toBe(201);
  });

  it('values returned items at what the shopper paid for them, their share of a coupon taken off', async () => {
    const shopper = await createShopper(testApp.app, 'Ravi Shopper');
    const product = await productNamed(testApp.app, 'Golden Era Bollywood Poster Set');
    expect(
      (await call('POST', `${USER_API}/addToCart`, shopper, { product_id: product.id, quantity: 2 })).statusCode,
    ).toBe(200);
    const placed = await call('POST', `${USER_API}/completeOrder`, shopper, {
      address: validAddress,
      payment_method: 'cod',
      coupon_code: 'FIRSTTAKE',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as { id: number; subtotal: number; discount: number };
    expect(order.discount).toBeGreaterThan(0);
    for (const step of [
      { to: 'confirmed' },
      { to: 'shipped', courier: 'Delhivery', tracking_id: 'DL3' },
      { to: 'delivered' },
    ]) {
      expect((await call('POST', `${ADMIN_API}/orders/${order.id}/transition`, manager, step)).statusCode).toBe(200);
    }
    const asked = await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 1 }] });
    expect(asked.statusCode, asked.body).toBe(201);
    // One of two posters: half of what the two cost after the coupon, not the poster's list price.
    expect(asked.json().data.items_total).toBe(Math.round((order.subtotal - order.discount) / 2));
  });

  it('moves only forward, by shop managers only: approve, pick-up, receive with stock back, refund through the order', async () => {
    const { shopper, product, order } = await deliveredOrder('Golden Era Bollywood Poster Set', 2);
    const upload = multipartBody(await photo());
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/returns/photos`,
      headers: { ...shopper.headers, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const photoName = uploaded.json().data.name as string;
    const asked = await askReturn(shopper, order.id, {
      items: [{ line: 0, quantity: 1 }],
      photos: [photoName],
      details: 'Torn at the corner',
    });
    expect(asked.statusCode).toBe(201);
    const ret = asked.json().data as { id: number; photos: string[]; items_total: number };
    // The photo is the shopper's and staff's alone.
    const stranger = await createShopper(testApp.app, 'Someone Else');
    expect((await call('GET', ret.photos[0]!, stranger)).statusCode).toBe(404);
    expect((await call('GET', ret.photos[0]!, shopper)).headers['content-type']).toBe('image/webp');
    expect((await call('GET', ret.photos[0]!, manager)).statusCode).toBe(200);
    // Another shopper cannot name the photo in their return.
    const other = await deliveredOrder('Golden Era Bollywood Poster Set');
    expect(
      (
        await askReturn(other.shopper, other.order.id, { items: [{ line: 0, quantity: 1 }], photos: [photoName] })
      ).json(),
    ).toMatchObject({ field: 'photos' });

    const editor = await createStaff(testApp.app, 'editor', 'Esha Editor');
    expect((await moveReturn(shopper, ret.id, { to: 'approved' })).statusCode).toBe(403);
    expect((await moveReturn(editor, ret.id, { to: 'approved' })).statusCode).toBe(403);
    expect((await moveReturn(manager, ret.id, { to: 'received' })).statusCode).toBe(409);
    expect((await moveReturn(manager, ret.id, { to: 'approved', note: 'Sorry about that' })).statusCode).toBe(200);
    expect((await moveReturn(manager, ret.id, { to: 'approved' })).statusCode).toBe(409);
    expect((await moveReturn(manager, ret.id, { to: 'rejected', note: 'No' })).statusCode).toBe(409);
    const noCourier = await moveReturn(manager, ret.id, { to: 'pickup_scheduled', tracking_id: 'X' });
    expect(noCourier.json()).toMatchObject({ field: 'courier' });
    const booked = await moveReturn(manager, ret.id, {
      to: 'pickup_scheduled',
      courier: 'Delhivery',
      tracking_id: 'RP123',
      pickup_date: '2026-12-02',
    });
    expect(booked.statusCode).toBe(200);
    expect(booked.json().data.pickup).toMatchObject({ courier: 'Delhivery', tracking_id: 'RP123', date: '2026-12-02' });
    const stockBefore = await stockOf(testApp.app, product.id);
    expect((await moveReturn(manager, ret.id, { to: 'received', restock: true })).statusCode).toBe(200);
    expect(await stockOf(testApp.app, product.id)).toBe(stockBefore + 1);
    expect((await moveReturn(manager, ret.id, { to: 'replaced' })).statusCode).toBe(409);
    const refunded = await moveReturn(manager, ret.id, { to: 'refunded', refund_reference: 'UPI-RET-1' });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({ status: 'refunded', refund_amount: ret.items_total });
    const rows = await testApp.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(rows).toMatchObject([{ amount: ret.items_total, reference: 'UPI-RET-1' }]);
    expect((await moveReturn(manager, ret.id, { to: 'refunded', refund_reference: 'again' })).statusCode).toBe(409);

    // A second return of the other poster: refunds add up to the order's total, never more.
    const second = (await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 1 }] })).json().data;
    for (const step of [{ to: 'approved' }, { to: 'received' }]) {
      expect((await moveReturn(manager, second.id, step)).statusCode).toBe(200);
    }
    const tooMuch = await moveReturn(manager, second.id, {
      to: 'refunded',
      refund_amount: order.total,
      refund_reference: 'UPI-RET-2',
    });
    expect(tooMuch.json()).toMatchObject({ field: 'refund_amount' });
    const remaining = order.total - ret.items_total;
    expect(
      (
        await moveReturn(manager, second.id, {
          to: 'refunded',
          refund_amount: remaining,
          refund_reference: 'UPI-RET-2',
        })
      ).statusCode,
    ).toBe(200);
    const seen = (await call('GET', `${USER_API}/orders/${order.id}`, shopper)).json().data;
    expect(seen).toMatchObject({ status: 'refunded', refunded_total: order.total });

    // The shopper was told of every step.
    const centre = await testApp.app.db.select().from(notifications).where(eq(notifications.userId, shopper.id));
    const titles = centre.map((notice) => notice.title);
    for (const title of [
      `Return requested for order #${order.id}`,
      `Return approved for order #${order.id}`,
      `Pick-up booked for order #${order.id}`,
      `Returned items received for order #${order.id}`,
      `Part of order #${order.id} refunded`,
      `Order #${order.id} refunded`,
    ]) {
      expect(titles).toContain(title);
    }
    const history = (await call('GET', `${USER_API}/orders/${order.id}/returns`, shopper)).json().data[0].history;
    expect(history.map((step: { status: string }) => step.status)).toEqual([
      'requested',
      'approved',
      'pickup_scheduled',
      'received',
      'refunded',
    ]);
  });
});

describe('grievance tickets', () => {
  it('numbers tickets per financial year, uniquely, from returns, order messages and data requests', async () => {
    expect(financialYear(new Date('2027-03-31T18:29:00Z'))).toBe('2627');
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2728');
    expect(ticketNumber('2627', 123)).toBe('GRV-2627-000123');

    const { shopper, order } = await deliveredOrder('Golden Era Bollywood Poster Set');
    const message = await call('POST', '/backend/api/api/v1/contact', shopper, {
      name: 'Ravi Shopper',
      email: 'ravi@example.in',
      message: `About order #${order.id}: the poster came torn.`,
    });
    expect(message.statusCode).toBe(201);
    const data = await call('POST', `${USER_API}/me/data-requests`, shopper, { kind: 'deletion' });
    expect(data.statusCode).toBe(201);
    const returned = await askReturn(shopper, order.id, { items: [{ line: 0, quantity: 1 }] });
    const rows = await testApp.app.db.select().from(grievanceTickets).where(eq(grievanceTickets.userId, shopper.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(['data_request', 'order_message', 'return']);
    expect(rows.find((row) => row.kind === 'order_message')!.orderId).toBe(order.id);
    const year = financialYear(new Date());
    const numbers = rows.map((row) => row.number);
    for (const number of numbers) expect(number).toMatch(new RegExp(`^GRV-${year}-\\d{6}$`));
    expect(new Set(numbers).size).toBe(3);
    expect(numbers).toContain(data.json().data.ticket);
    expect(numbers).toContain(returned.json().data.ticket);
    // The member's data export holds their returns and complaints.
    const exported = (await testApp.app.memberData.exportAll(shopper.id)) as {
      return_requests: unknown[];
      grievances: { number: string }[];
    };
    expect(exported.return_requests).toHaveLength(1);
    expect(exported.grievances.map((ticket) => ticket.number).sort()).toEqual([...numbers].sort());

    // Many at once: never the same number twice.
    const many = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', `${USER_API}/me/data-requests`, shopper, { kind: 'export' })),
    );
    const tickets = many.map((answer) => answer.json().data.ticket as string);
    expect(new Set(tickets).size).toBe(8);
  });

  it('acknowledges each complaint by mail with its number through the SMTP server', async () => {
    const shopper = await createShopper(testApp.app, 'Sunita Shopper');
    const [account] = await testApp.app.db.select().from(users).where(eq(users.id, shopper.id));
    const ticket = (
      await call('POST', `${USER_API}/me/data-requests`, shopper, {
        kind: 'correction',
        details: 'My name is misspelt',
      })
    ).json().data.ticket as string;
    await testApp.app.sendQueuedMail();
    const mail = smtp.received.find((received) =>
      received.raw.includes(`Subject: We have received your complaint ${ticket}`),
    );
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual([account!.email]);
    expect(mailText(mail!)).toContain('within 48 hours');
  });

  it('shows staff the clocks, the one due first first, and alerts the right staff once per ticket and clock', async () => {
    const { shopper, order } = await deliveredOrder('Golden Era Bollywood Poster Set');
    await call('POST', '/backend/api/api/v1/contact', shopper, {
      name: 'Kiran Shopper',
      email: 'kiran@example.in',
      message: `About order #${order.id}: wrong colour.`,
    });
    const data = (await call('POST', `${USER_API}/me/data-requests`, shopper, { kind: 'export' })).json().data.ticket;
    const [orderTicket] = await testApp.app.db
      .select()
      .from(grievanceTickets)
      .where(and(eq(grievanceTickets.orderId, order.id), eq(grievanceTickets.kind, 'order_message')));
    // Received 37 hours ago: 11 hours left to acknowledge, within the alert's 12.
    await testApp.app.db
      .update(grievanceTickets)
      .set({ createdAt: sql`now() - interval '37 hours'` })
      .where(eq(grievanceTickets.id, orderTicket!.id));
    // Received 26 days ago (acknowledged): resolve within days.
    await testApp.app.db
      .update(grievanceTickets)
      .set({ createdAt: sql`now() - interval '26 days'`, acknowledgedAt: sql`now()`, acknowledgement: 'On it' })
      .where(eq(grievanceTickets.number, data));

    expect((await call('GET', `${ADMIN_API}/grievances`, shopper)).statusCode).toBe(403);
    const list = (await call('GET', `${ADMIN_API}/grievances?open=true`, manager)).json().data as {
      number: string;
      created_at: string;
      acknowledge_by: string;
      resolve_by: string;
      next_due: string;
    }[];
    const seen = list.find((ticket) => ticket.number === orderTicket!.number)!;
    expect(seen.acknowledge_by).toBe(acknowledgeBy(new Date(seen.created_at)).toISOString());
    expect(seen.resolve_by).toBe(resolveBy(new Date(seen.created_at)).toISOString());
    expect(new Date(seen.acknowledge_by).getTime() - new Date(seen.created_at).getTime()).toBe(48 * 60 * 60 * 1000);
    const dues = list.map((ticket) => ticket.next_due);
    expect(dues).toEqual([...dues].sort());
    expect(list[0]!.number).toBe(orderTicket!.number);
    expect(resolveBy(new Date('2027-01-31T06:00:00Z')).toISOString()).toBe('2027-02-28T06:00:00.000Z');

    const alertsOf = async (who: Shopper, ticket: string) =>
      (await testApp.app.db.select().from(notifications).where(eq(notifications.userId, who.id))).filter((notice) =>
        notice.title.includes(ticket),
      );
    await testApp.app.runUpkeep();
    await testApp.app.runUpkeep();
    const managerAlerts = await alertsOf(manager, orderTicket!.number);
    expect(managerAlerts).toHaveLength(1);
    expect(managerAlerts[0]!.title).toMatch(new RegExp(`^Acknowledge ${orderTicket!.number} by `));
    // A personal-data request alerts admins, not shop managers.
    expect(await alertsOf(manager, data)).toHaveLength(0);
    const adminAlerts = await alertsOf(admin, data);
    expect(adminAlerts).toHaveLength(1);
    expect(adminAlerts[0]!.title).toMatch(new RegExp(`^Resolve ${data} by `));

    // Staff acknowledge and resolve with words mailed to the complainant; shop managers not personal-data requests.
    // A personal-data request (its member's details and words) is listed to admins alone.
    expect(list.map((ticket) => ticket.number)).not.toContain(data);
    const adminList = (await call('GET', `${ADMIN_API}/grievances?open=true`, admin)).json().data as {
      id: number;
      number: string;
    }[];
    const dataId = adminList.find((ticket) => ticket.number === data)!;
    expect(
      (await call('POST', `${ADMIN_API}/grievances/${dataId.id}/resolve`, manager, { note: 'Sent' })).statusCode,
    ).toBe(403);
    const ack = await call('POST', `${ADMIN_API}/grievances/${orderTicket!.id}/acknowledge`, manager, {
      note: 'We are sending a new one.',
    });
    expect(ack.statusCode).toBe(200);
    expect(
      (await call('POST', `${ADMIN_API}/grievances/${orderTicket!.id}/acknowledge`, manager, { note: 'again' }))
        .statusCode,
    ).toBe(409);
    const resolved = await call('POST', `${ADMIN_API}/grievances/${orderTicket!.id}/resolve`, manager, {
      note: 'A new poster was delivered.',
    });
    expect(resolved.json().data).toMatchObject({ next_due: null, resolution: 'A new poster was delivered.' });
  });

  it('names the grievance officer publicly; shop managers change the details', async () => {
    const shown = await call('GET', '/backend/api/api/v1/grievance-officer', null);
    expect(shown.json().data).toMatchObject({ designation: 'Grievance Officer', email: 'grievances@cineverse.in' });
    const officer = {
      name: 'Priya Nair',
      designation: 'Grievance Officer',
      phone: '+91 98765 43210',
      email: 'grievance@cineverse.in',
      address: 'Andheri West, Mumbai 400053',
    };
    expect(
      (await call('PUT', `${ADMIN_API}/grievance-officer`, await createShopper(testApp.app), officer)).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `${ADMIN_API}/grievance-officer`, manager, { ...officer, email: 'x' })).json(),
    ).toMatchObject({
      field: 'email',
    });
    expect((await call('PUT', `${ADMIN_API}/grievance-officer`, manager, officer)).statusCode).toBe(200);
    expect((await call('GET', '/backend/api/api/v1/grievance-officer', null)).json().data).toEqual(officer);
  });
});

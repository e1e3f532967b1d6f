import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, mailOutbox, orderEvents, orders, users } from '../../server/src/db/schema.js';
import type { MailMessage } from '../../server/src/plugins/mailer.js';
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

let testApp: TestApp;
let manager: Shopper;
const delivered: MailMessage[] = [];
/** Set to make the mail server refuse the next message. */
let mailServerDown = false;

beforeAll(async () => {
  testApp = await createTestApp({
    mailTransport: async (message) => {
      if (mailServerDown) throw new Error('421 the mail server is not available');
      delivered.push(message);
    },
  });
  manager = await createStaff(testApp.app, 'shop_manager', 'Farah Manager');
});
afterAll(() => testApp.close());

function request(method: 'GET' | 'POST', url: string, who: Shopper, body?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: who.headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A shopper's order of `quantity` of `name`, placed through the shop. */
async function placeOrder(name: string, quantity = 1, couponCode?: string) {
  const shopper = await createShopper(testApp.app, 'Ravi Shopper');
  const product = await productNamed(testApp.app, name);
  expect(
    (await request('POST', `${USER_API}/addToCart`, shopper, { product_id: product.id, quantity })).statusCode,
  ).toBe(200);
  const placed = await request('POST', `${USER_API}/completeOrder`, shopper, {
    address: validAddress,
    payment_method: 'cod',
    ...(couponCode ? { coupon_code: couponCode } : {}),
  });
  expect(placed.statusCode).toBe(201);
  return { shopper, product, order: placed.json().data as { id: number } };
}

const move = (orderId: number, body: Record<string, unknown>) =>
  request('POST', `${ADMIN_API}/orders/${orderId}/transition`, manager, body);

describe('order fulfilment', () => {
  it('moves an order from placed to delivered; the shopper sees the tracking and every step, and is mailed at each', async () => {
    const { shopper, order } = await placeOrder('Golden Era Bollywood Poster Set');
    expect((await move(order.id, { to: 'confirmed' })).statusCode).toBe(200);

    const untracked = await move(order.id, { to: 'shipped', courier: 'Delhivery' });
    expect(untracked.statusCode).toBe(400);
    expect(untracked.json()).toMatchObject({ field: 'tracking_id', message: 'Enter the tracking ID' });
    const badLink = await move(order.id, {
      to: 'shipped',
      courier: 'Delhivery',
      tracking_id: 'DL123',
      tracking_url: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json()).toMatchObject({ field: 'tracking_url' });

    const shipped = await move(order.id, {
      to: 'shipped',
      courier: 'Delhivery',
      tracking_id: 'DL7845120963',
      tracking_url: 'https://www.delhivery.com/track/package/DL7845120963',
      note: 'Packed with care',
    });
    expect(shipped.statusCode).toBe(200);
    expect((await move(order.id, { to: 'delivered' })).statusCode).toBe(200);

    const seen = (await request('GET', `${USER_API}/orders/${order.id}`, shopper)).json().data;
    expect(seen.status).toBe('delivered');
    expect(seen.tracking).toEqual({
      courier: 'Delhivery',
      tracking_id: 'DL7845120963',
      tracking_url: 'https://www.delhivery.com/track/package/DL7845120963',
    });
    expect(seen.history.map((step: { status: string }) => step.status)).toEqual([
      'placed',
      'confirmed',
      'shipped',
      'delivered',
    ]);
    expect(seen.history[2].note).toBe('Packed with care');

    await testApp.app.sendQueuedMail();
    const mine = delivered.filter((mail) => mail.subject.startsWith(`Order #${order.id} `));
    expect(mine.map((mail) => mail.subject)).toEqual([
      `Order #${order.id} placed`,
      `Order #${order.id} confirmed`,
      `Order #${order.id} shipped`,
      `Order #${order.id} delivered`,
    ]);
    expect(mine[2]!.text).toContain('Tracking ID: DL7845120963');
    expect(mine[2]!.text).toContain('Track it: https://www.delhivery.com/track/package/DL7845120963');
    expect(mine[2]!.text).toContain(`https://cineverse.test/orders/${order.id}`);
    // The notification centre keeps a line of each.
    const centre = (await request('GET', `${USER_API}/notifications`, shopper)).json();
    expect(centre.data.map((item: { title: string; link: string }) => [item.title, item.link])).toEqual([
      [`Order #${order.id} delivered`, `/orders/${order.id}`],
      [`Order #${order.id} shipped`, `/orders/${order.id}`],
      [`Order #${order.id} confirmed`, `/orders/${order.id}`],
      [`Order #${order.id} placed`, `/orders/${order.id}`],
    ]);

    const after = await move(order.id, { to: 'cancelled' });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('An order that is delivered can only become refunded');
  });

  it('writes the tracking link of a listed courier when none is given, and puts https:// in front of a bare one', async () => {
    const { shopper, order } = await placeOrder('Golden Era Bollywood Poster Set');
    expect((await move(order.id, { to: 'confirmed' })).statusCode).toBe(200);
    const shipped = await move(order.id, {
      to: 'shipped',
      courier: 'blue dart',
      tracking_id: 'BD 77/41',
      tracking_url: '',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const seen = (await request('GET', `${USER_API}/orders/${order.id}`, shopper)).json().data;
    expect(seen.tracking.tracking_url).toBe(
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=BD%2077%2F41',
    );

    const other = await placeOrder('Golden Era Bollywood Poster Set');
    await move(other.order.id, { to: 'confirmed' });
    const bare = await move(other.order.id, {
      to: 'shipped',
      courier: 'Shree Maruti Courier',
      tracking_id: 'SM1234',
      tracking_url: 'www.shreemaruti.com/track?awb=SM1234',
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data.tracking).toEqual({
      courier: 'Shree Maruti Courier',
      tracking_id: 'SM1234',
      tracking_url: 'https://www.shreemaruti.com/track?awb=SM1234',
    });
  });

  it('records refunds after delivery, each at most what remains of the total: a part keeps the order delivered and open to reports, the last makes it refunded', async () => {
    const { shopper, order } = await placeOrder('Golden Era Bollywood Poster Set', 2);
    const early = await move(order.id, { to: 'refunded', refund_amount: 10_000, refund_reference: 'UPI1' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('An order that is placed can only become confirmed or cancelled');
    await move(order.id, { to: 'confirmed' });
    await move(order.id, { to: 'shipped', courier: 'Blue Dart', tracking_id: 'BD100200301' });
    expect((await move(order.id, { to: 'delivered' })).statusCode).toBe(200);
    const seen = async () => (await request('GET', `${USER_API}/orders/${order.id}`, shopper)).json().data;
    const total = (await seen()).total as number;
    const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ refund_reference: 'UPI/433712345678' }, 'refund_amount', 'Enter the amount refunded'],
      [
        { refund_amount: total + 100, refund_reference: 'UPI/433712345678' },
        'refund_amount',
        `Refund at most what remains of the order's total, ${rupees(total)}`,
      ],
      [
        { refund_amount: 50, refund_reference: 'UPI/433712345678' },
        'refund_amount',
        `Refund at least ₹1, or all that remains of the order's total, ${rupees(total)}`,
      ],
      [
        { refund_amount: 0, refund_reference: 'UPI/433712345678' },
        'refund_amount',
        'refund_amount: Refund at least ₹1',
      ],
      [
        { refund_amount: 129_900, refund_reference: '  ' },
        'refund_reference',
        'Enter the reference of the payment (UPI or bank transfer)',
      ],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await move(order.id, { to: 'refunded', ...body });
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json()).toMatchObject({ field, message });
    }
    expect((await seen()).status).toBe('delivered');

    // One poster of two arrived torn: its price is paid back, and the order stays delivered.
    const part = await move(order.id, {
      to: 'refunded',
      refund_amount: 129_900,
      refund_reference: ' UPI/433712345678 ',
      note: 'One poster arrived torn: refunded by UPI.',
    });
    expect(part.statusCode).toBe(200);
    const afterPart = await seen();
    expect(afterPart).toMatchObject({
      status: 'delivered',
      refunds: [{ amount: 129_900, reference: 'UPI/433712345678', note: 'One poster arrived torn: refunded by UPI.' }],
      refunded_total: 129_900,
      can_cancel: false,
    });
    // The shopper can still report another problem within the policy's 30 days.
    expect(afterPart.report_problem_until).not.toBeNull();
    expect(afterPart.history.at(-1).status).toBe('delivered');

    await testApp.app.sendQueuedMail();
    const partMail = delivered.find((message) => message.subject === `Part of order #${order.id} refunded`);
    expect(partMail?.text).toContain(
      `We have refunded ₹1,299 for your order #${order.id}: ₹1,299 of its ${rupees(total)} so far.`,
    );
    expect(partMail?.text).toContain('Payment reference: UPI/433712345678');
    const centre = (await request('GET', `${USER_API}/notifications`, shopper)).json();
    expect(centre.data[0]).toMatchObject({ title: `Part of order #${order.id} refunded`, link: `/orders/${order.id}` });

    // More than what remains is refused, naming what remains.
    const remaining = total - 129_900;
    const tooMuch = await move(order.id, { to: 'refunded', refund_amount: remaining + 100, refund_reference: 'UPI2' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      field: 'refund_amount',
      message: `Refund at most what remains of the order's total, ${rupees(remaining)}`,
    });

    // The second poster is found torn too: the rest is paid back and the order is refunded.
    const rest = await move(order.id, {
      to: 'refunded',
      refund_amount: remaining,
      refund_reference: 'UPI/433799999999',
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data.refunds.map((refund: { amount: number }) => refund.amount)).toEqual([129_900, remaining]);
    const full = await seen();
    expect(full).toMatchObject({ status: 'refunded', refunded_total: total, report_problem_until: null });
    expect(full.history.at(-1).status).toBe('refunded');

    await testApp.app.sendQueuedMail();
    const mail = delivered.find((message) => message.subject === `Order #${order.id} refunded`);
    expect(mail?.text).toContain(`We have refunded ${rupees(remaining)} for your order #${order.id}.`);
    expect(mail?.text).toContain('Payment reference: UPI/433799999999');

    const again = await move(order.id, { to: 'refunded', refund_amount: 100, refund_reference: 'UPI3' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is refunded: it cannot change any more');
  });

  it('takes a last refund under ₹1 when that is all that remains, so the order becomes refunded', async () => {
    const { shopper, order } = await placeOrder('Film Strip Bookmark Pack');
    await move(order.id, { to: 'confirmed' });
    await move(order.id, { to: 'shipped', courier: 'Blue Dart', tracking_id: 'BD100200399' });
    expect((await move(order.id, { to: 'delivered' })).statusCode).toBe(200);
    const seen = async () => (await request('GET', `${USER_API}/orders/${order.id}`, shopper)).json().data;
    const total = (await seen()).total as number;
    const part = await move(order.id, { to: 'refunded', refund_amount: total - 50, refund_reference: 'UPI/4337001' });
    expect(part.statusCode, part.body).toBe(200);
    // A part under ₹1 is still refused while more remains than it.
    const small = await move(order.id, { to: 'refunded', refund_amount: 20, refund_reference: 'UPI/4337002' });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ field: 'refund_amount' });
    const rest = await move(order.id, { to: 'refunded', refund_amount: 50, refund_reference: 'UPI/4337003' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await seen()).toMatchObject({ status: 'refunded', refunded_total: total });
  });

  it('puts each refund of an order in the shopper’s copy of their data', async () => {
    const { shopper, order } = await placeOrder('Film Strip Bookmark Pack');
    await move(order.id, { to: 'confirmed' });
    await move(order.id, { to: 'shipped', courier: 'Blue Dart', tracking_id: 'BD100200398' });
    await move(order.id, { to: 'delivered' });
    const part = await move(order.id, {
      to: 'refunded',
      refund_amount: 100,
      refund_reference: 'UPI/4338001',
      note: 'A bent corner',
    });
    expect(part.statusCode, part.body).toBe(200);
    const exported = await testApp.app.memberData.exportAll(shopper.id);
    const [copy] = exported.orders as Record<string, unknown>[];
    expect(copy).toMatchObject({
      id: order.id,
      refunds: [{ amount: 100, reference: 'UPI/4338001', note: 'A bent corner' }],
    });
    expect(copy).not.toHaveProperty('refund_amount');
  });

  it('lets the shopper report a problem with a delivered order for 30 days from delivery, as the refund policy says', async () => {
    const { shopper, order } = await placeOrder('Film Strip Bookmark Pack');
    const seen = async () => (await request('GET', `${USER_API}/orders/${order.id}`, shopper)).json().data;
    expect((await seen()).report_problem_until).toBeNull();
    await move(order.id, { to: 'confirmed' });
    await move(order.id, { to: 'shipped', courier: 'Blue Dart', tracking_id: 'BD100200300' });
    expect((await seen()).report_problem_until).toBeNull();
    expect((await move(order.id, { to: 'delivered' })).statusCode).toBe(200);

    const [step] = await testApp.app.db
      .select({ at: orderEvents.at })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'delivered')));
    const until = (await seen()).report_problem_until as string;
    expect(Date.parse(until) - step!.at.getTime()).toBe(30 * 86_400_000);
    // Delivered 31 days ago: the window has closed.
    await testApp.app.db
      .update(orderEvents)
      .set({ at: new Date(Date.now() - 31 * 86_400_000) })
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'delivered')));
    expect((await seen()).report_problem_until).toBeNull();
  });

  it('says when the parcel is expected, by the shipping policy: from the order, then from the dispatch; not once delivered', async () => {
    const { shopper, order } = await placeOrder('Film Strip Bookmark Pack');
    const seen = async () => (await request('GET', `${USER_API}/orders/${order.id}`, shopper)).json().data;
    // Placed on Thursday 26 November 2026 at 10 pm in India.
    await testApp.app.db
      .update(orders)
      .set({ createdAt: new Date('2026-11-26T16:30:00Z') })
      .where(eq(orders.id, order.id));
    expect((await seen()).delivery_estimate).toEqual({ earliest: '2026-12-03', latest: '2026-12-12' });
    await move(order.id, { to: 'confirmed' });
    expect((await seen()).delivery_estimate).toEqual({ earliest: '2026-12-03', latest: '2026-12-12' });

    expect((await move(order.id, { to: 'shipped', courier: 'Blue Dart', tracking_id: 'BD100200302' })).statusCode).toBe(
      200,
    );
    await testApp.app.sendQueuedMail();
    const shippedMail = delivered.find((mail) => mail.subject === `Order #${order.id} shipped`);
    expect(shippedMail?.text).toMatch(
      /Expected delivery: between \d{1,2} [A-Z][a-z]{2,3} \d{4} and \d{1,2} [A-Z][a-z]{2,3} \d{4}/,
    );
    // Dispatched on Saturday 28 November at 10 am in India.
    await testApp.app.db
      .update(orderEvents)
      .set({ at: new Date('2026-11-28T04:30:00Z') })
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'shipped')));
    expect((await seen()).delivery_estimate).toEqual({ earliest: '2026-12-04', latest: '2026-12-10' });

    await move(order.id, { to: 'delivered' });
    expect((await seen()).delivery_estimate).toBeNull();
  });

  it('refuses every move the state machine does not have, saying which it does', async () => {
    const { order } = await placeOrder('Golden Era Bollywood Poster Set');
    for (const to of ['shipped', 'delivered', 'placed']) {
      const refused = await move(order.id, { to, courier: 'Blue Dart', tracking_id: 'BD1' });
      expect(refused.statusCode, to).toBe(409);
      expect(refused.json()).toMatchObject({
        message: 'An order that is placed can only become confirmed or cancelled',
        field: 'to',
      });
    }
    expect((await move(order.id, { to: 'teleported' })).statusCode).toBe(400);
    expect((await move(999_999, { to: 'confirmed' })).statusCode).toBe(404);
  });

  it('a cancel by staff gives the stock and the coupon use back, and tells the shopper', async () => {
    const { product, order } = await placeOrder('Golden Era Bollywood Poster Set', 2, 'FLAT150');
    const stockBefore = await stockOf(testApp.app, product.id);
    const uses = () => testApp.app.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
    expect(await uses()).toHaveLength(1);
    expect((await move(order.id, { to: 'confirmed' })).statusCode).toBe(200);
    const cancelled = await move(order.id, { to: 'cancelled', note: 'The poster set is damaged in our store' });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(testApp.app, product.id)).toBe(stockBefore + 2);
    expect(await uses()).toHaveLength(0);
    await testApp.app.sendQueuedMail();
    const mail = delivered.find((message) => message.subject === `Order #${order.id} cancelled`);
    expect(mail?.text).toContain('The poster set is damaged in our store');
  });

  it('finds orders by number, shopper email and status', async () => {
    const { order } = await placeOrder('Golden Era Bollywood Poster Set');
    const [owner] = await testApp.app.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(orders, eq(orders.userId, users.id))
      .where(eq(orders.id, order.id));
    const byNumber = (await request('GET', `${ADMIN_API}/orders?search=%23${order.id}`, manager)).json();
    expect(byNumber.data.map((row: { id: number }) => row.id)).toEqual([order.id]);
    const byEmail = (
      await request('GET', `${ADMIN_API}/orders?search=${encodeURIComponent(owner!.email!.toUpperCase())}`, manager)
    ).json();
    expect(byEmail.data.map((row: { id: number }) => row.id)).toEqual([order.id]);
    expect(byEmail.data[0]).toMatchObject({ customer_email: owner!.email, status: 'placed' });
    const delivered = (await request('GET', `${ADMIN_API}/orders?status=delivered&per_page=100`, manager)).json();
    expect(delivered.data.every((row: { status: string }) => row.status === 'delivered')).toBe(true);
    const one = (await request('GET', `${ADMIN_API}/orders/${order.id}`, manager)).json().data;
    expect(one.customer.email).toBe(owner!.email);
    expect(one.history).toHaveLength(1);
  });

  it('finds a phone however it is written, the account’s or the delivery’s, and the order searched by number first', async () => {
    const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const { shopper, order } = await placeOrder('Golden Era Bollywood Poster Set');
    await testApp.app.db.update(users).set({ phone }).where(eq(users.id, shopper.id));
    const search = async (text: string) =>
      (await request('GET', `${ADMIN_API}/orders?search=${encodeURIComponent(text)}&per_page=100`, manager))
        .json()
        .data.map((row: { id: number }) => row.id);
    for (const written of [
      `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
      `+91-${phone}`,
      `91${phone}`,
      `0${phone.slice(0, 5)} ${phone.slice(5)}`,
      `${phone.slice(0, 5)}-${phone.slice(5)}`,
      phone,
      `(${phone.slice(0, 3)}) ${phone.slice(3)}`,
    ]) {
      expect(await search(written), written).toEqual([order.id]);
    }
    // The delivery's phone, when it is not the account's.
    const deliveryPhone = `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await testApp.app.db
      .update(orders)
      .set({ address: { ...validAddress, line2: '', phone: deliveryPhone } })
      .where(eq(orders.id, order.id));
    expect(await search(`+91 ${deliveryPhone.slice(0, 5)} ${deliveryPhone.slice(5)}`)).toEqual([order.id]);

    // A newer order whose shopper's phone holds the number: the order of that number still comes first.
    const numbered = await placeOrder('Golden Era Bollywood Poster Set');
    const newer = await placeOrder('Golden Era Bollywood Poster Set');
    await testApp.app.db
      .update(users)
      .set({ phone: `9${String(numbered.order.id).padStart(9, '7')}` })
      .where(eq(users.id, newer.shopper.id));
    for (const written of [String(numbered.order.id), `#${numbered.order.id}`, `# ${numbered.order.id}`]) {
      const found = await search(written);
      expect(found[0], written).toBe(numbered.order.id);
    }
    expect(await search(String(numbered.order.id))).toContain(newer.order.id);
  });

  it('exports the orders of chosen days in India as CSV, one line an order, for shop managers only', async () => {
    const late = await placeOrder('Golden Era Bollywood Poster Set', 2, 'FIRSTTAKE');
    const early = await placeOrder('Golden Era Bollywood Poster Set');
    // 23:59 on 31 March in India, and midnight of 1 April there (18:30 UTC): two days.
    await testApp.app.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-31T18:29:00Z') })
      .where(eq(orders.id, early.order.id));
    await testApp.app.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-31T18:30:00Z') })
      .where(eq(orders.id, late.order.id));
    await testApp.app.db.update(users).set({ name: '=HYPERLINK("http://x")' }).where(eq(users.id, late.shopper.id));
    const shown = (await request('GET', `${USER_API}/orders/${late.order.id}`, late.shopper)).json().data as {
      subtotal: number;
      discount: number;
      total: number;
    };
    expect(shown.discount).toBeGreaterThan(0);
    const [account] = await testApp.app.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, late.shopper.id));
    const exported = (query: string, who = manager) => request('GET', `${ADMIN_API}/orders.csv?${query}`, who);

    const april = await exported('from=2026-04-01&to=2026-04-01');
    expect(april.statusCode).toBe(200);
    expect(april.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(april.headers['content-disposition']).toBe(
      'attachment; filename="cineverse-orders-2026-04-01-to-2026-04-01.csv"',
    );
    const lines = april.body.split('\r\n');
    expect(lines[0]).toBe(
      '"Order","Placed (India)","Status","Shopper","Email","Delivery phone","City","State","PIN code","Items","Quantity",' +
        '"Subtotal (₹)","Discount (₹)","Coupon","Shipping (₹)","Total (₹)","Payment","Courier","Tracking ID",' +
        '"Refunded (₹)","Refund reference"',
    );
    const rupees = (paise: number) => (paise / 100).toFixed(2);
    expect(lines.slice(1)).toEqual([
      [
        late.order.id,
        '2026-04-01 00:00',
        'placed',
        `'=HYPERLINK(""http://x"")`,
        account!.email,
        validAddress.phone,
        validAddress.city,
        validAddress.state,
        validAddress.pincode,
        '2 × Golden Era Bollywood Poster Set',
        2,
        rupees(shown.subtotal),
        rupees(shown.discount),
        'FIRSTTAKE',
        '0.00',
        rupees(shown.total),
        'Cash on delivery',
        '',
        '',
        '',
        '',
      ]
        .map((value) => `"${value}"`)
        .join(','),
      '',
    ]);
    const march = (await exported('from=2026-03-31&to=2026-03-31')).body.split('\r\n');
    expect(march.slice(1, -1).map((line) => line.split(',')[0])).toEqual([`"${early.order.id}"`]);
    expect(march[1]).toContain('"2026-03-31 23:59"');
    // The list shows what the export holds.
    const listed = (await request('GET', `${ADMIN_API}/orders?from=2026-03-31&to=2026-04-01`, manager)).json();
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual([late.order.id, early.order.id]);

    const backwards = await exported('from=2026-04-02&to=2026-04-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'to', message: 'The last day cannot be before the first' });
    expect((await exported('from=1-4-2026')).json()).toMatchObject({ field: 'from' });
    const editor = await createStaff(testApp.app, 'editor');
    expect((await exported('', editor)).statusCode).toBe(403);
  });

  it('a mail the mail server refuses does not stop the change, and is sent when the server is back', async () => {
    const { order } = await placeOrder('Golden Era Bollywood Poster Set');
    mailServerDown = true;
    expect((await move(order.id, { to: 'confirmed' })).statusCode).toBe(200);
    await testApp.app.sendQueuedMail();
    const subject = `Order #${order.id} confirmed`;
    const [waiting] = await testApp.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
    expect(waiting).toMatchObject({ sentAt: null, attempts: 1, lastError: '421 the mail server is not available' });
    expect(delivered.some((mail) => mail.subject === subject)).toBe(false);

    mailServerDown = false;
    // The retry's time comes (30 s later): brought forward rather than waited for.
    await testApp.app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, waiting!.id));
    await testApp.app.sendQueuedMail();
    expect(delivered.filter((mail) => mail.subject === subject)).toHaveLength(1);
    const [sent] = await testApp.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, waiting!.id));
    expect(sent!.sentAt).not.toBeNull();
  });
});

describe('the dashboard', () => {
  it('counts the orders waiting at each step and today’s orders, and lists low stock', async () => {
    const dashboard = async () =>
      (await request('GET', `${ADMIN_API}/dashboard`, manager)).json().data as {
        orders_waiting: { placed: number; confirmed: number; shipped: number };
        low_stock: { id: number; name: string; stock: number }[];
        today_orders: number;
      };
    const before = await dashboard();
    const { order, product } = await placeOrder('Golden Era Bollywood Poster Set');
    let after = await dashboard();
    expect(after.orders_waiting.placed).toBe(before.orders_waiting.placed + 1);
    expect(after.today_orders).toBe(before.today_orders + 1);

    expect((await move(order.id, { to: 'confirmed' })).statusCode).toBe(200);
    after = await dashboard();
    expect(after.orders_waiting).toMatchObject({
      placed: before.orders_waiting.placed,
      confirmed: before.orders_waiting.confirmed + 1,
    });

    await testApp.app.db.execute(sql`update products set stock = 2 where id = ${product.id}`);
    expect((await dashboard()).low_stock).toContainEqual({ id: product.id, name: product.name, stock: 2 });
  });
});

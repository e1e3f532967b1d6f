import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, users } from '../../server/src/db/schema.js';
import { splitInclusive } from '../../server/src/lib/gst.js';
import { pdfText } from '../support/pdf-text.js';
import { mailRounds, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { createShopper, createStaff, productNamed, type Shopper, USER_API, validAddress } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';
const LEGAL = {
  legal_name: 'CineVerse Merch Private Limited',
  address: '12 Film City Road, Goregaon East, Mumbai 400065',
  state_code: '27',
  gstin: '27AAPFU0939F1ZV',
};
const bengaluru = {
  name: 'Kavya Rao',
  phone: '9845012345',
  line1: '4, MG Road',
  line2: 'Ashok Nagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};

let smtp: SmtpSink;
let testApp: TestApp;
let app: FastifyInstance;
let manager: Shopper;

beforeAll(async () => {
  smtp = await startSmtpSink();
  testApp = await createTestApp({ smtpUrl: smtp.url });
  app = testApp.app;
  manager = await createStaff(app, 'shop_manager', 'Farah Manager');
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Shopper | null, body?: unknown, on = app) {
  return on.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A shopper's order of `quantity` of `name` delivered to `address`, confirmed by staff. */
async function confirmedOrder(name: string, address: object = validAddress, quantity = 1) {
  const shopper = await createShopper(app, 'Meera Iyer');
  const product = await productNamed(app, name);
  expect((await call('POST', `${USER_API}/addToCart`, shopper, { product_id: product.id, quantity })).statusCode).toBe(
    200,
  );
  const placed = await call('POST', `${USER_API}/completeOrder`, shopper, { address, payment_method: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as { id: number; total: number };
  expect((await move(order.id, { to: 'confirmed' })).statusCode).toBe(200);
  return { shopper, product, order };
}

const move = (orderId: number, body: Record<string, unknown>, on = app) =>
  call('POST', `${ADMIN_API}/orders/${orderId}/transition`, manager, body, on);

const ship = (orderId: number, on = app) =>
  move(orderId, { to: 'shipped', courier: 'Blue Dart', tracking_id: `BD${orderId}00001` }, on);

interface Listed {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  total: number;
  ready: boolean;
}

/** The buyer's list of an order's documents once every one has its PDF. */
async function readyDocuments(shopper: Shopper, orderId: number, count: number): Promise<Listed[]> {
  await expect
    .poll(async () => {
      const listed = (await call('GET', `${USER_API}/orders/${orderId}/invoices`, shopper)).json().data as Listed[];
      return listed.filter((item) => item.ready).length;
    }, mailRounds)
    .toBe(count);
  return (await call('GET', `${USER_API}/orders/${orderId}/invoices`, shopper)).json().data as Listed[];
}

async function downloadText(shopper: Shopper, orderId: number, invoiceId: number): Promise<string> {
  const answer = await call('GET', `${USER_API}/orders/${orderId}/invoices/${invoiceId}/pdf`, shopper);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  // Words as a reader reads them, wherever a line wraps.
  return (await pdfText(answer.rawPayload)).replace(/\s+/g, ' ');
}

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);

describe('GST tax invoices', () => {
  it('issues none for an order shipped before the shop’s GSTIN is set, and its refund still works', async () => {
    const { shopper, order } = await confirmedOrder('Popcorn Bucket Mug');
    expect((await ship(order.id)).statusCode).toBe(200);
    expect((await move(order.id, { to: 'delivered' })).statusCode).toBe(200);
    const refund = await move(order.id, { to: 'refunded', refund_amount: 100_00, refund_reference: 'UPI-1' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await call('GET', `${USER_API}/orders/${order.id}/invoices`, shopper)).json().data).toEqual([]);
    expect(await app.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([]);
  });

  it('lets shop managers alone set the legal details, with the GSTIN checked and the change audited', async () => {
    const editor = await createStaff(app, 'editor', 'Kabir Editor');
    expect((await call('PUT', `${ADMIN_API}/shop-legal`, editor, LEGAL)).statusCode).toBe(403);
    const shopper = await createShopper(app);
    expect((await call('GET', `${ADMIN_API}/shop-legal`, shopper)).statusCode).toBe(403);
    const typo = await call('PUT', `${ADMIN_API}/shop-legal`, manager, { ...LEGAL, gstin: '27AAPFU0939F1ZW' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({ field: 'gstin' });
    const otherState = await call('PUT', `${ADMIN_API}/shop-legal`, manager, { ...LEGAL, state_code: '29' });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json()).toMatchObject({ field: 'gstin' });
    const saved = await call('PUT', `${ADMIN_API}/shop-legal`, manager, { ...LEGAL, gstin: '27aapfu0939f1zv' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual(LEGAL);
    expect((await call('GET', `${ADMIN_API}/shop-legal`, manager)).json().data).toEqual(LEGAL);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'shop_legal'), eq(auditLog.actorId, manager.id)));
    expect(audit?.after).toMatchObject({ gstin: LEGAL.gstin });
  });

  it('keeps an HSN code and GST rate per product, the demo products’ set, edited in the product editor', async () => {
    const tee = await productNamed(app, 'Clapperboard Classic Tee');
    expect([tee.hsnCode, tee.gstRate]).toEqual(['6109', 5]);
    const book = await productNamed(app, 'The Art of Indian Cinematography');
    expect([book.hsnCode, book.gstRate]).toEqual(['4901', 0]);
    const mug = await productNamed(app, 'Popcorn Bucket Mug');
    const staffMug = (await call('GET', `${ADMIN_API}/products/${mug.id}`, manager)).json().data;
    expect(staffMug).toMatchObject({ hsn_code: '6912', gst_rate: 5 });
    const body = {
      name: staffMug.name,
      description: staffMug.description,
      category: staffMug.category,
      images: staffMug.images,
      mrp: staffMug.mrp,
      price: staffMug.price,
      stock: staffMug.stock,
      perishable: staffMug.perishable,
      visible: staffMug.visible,
    };
    const wrong = await call('PUT', `${ADMIN_API}/products/${mug.id}`, manager, { ...body, gst_rate: 7 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'gst_rate' });
    const badHsn = await call('PUT', `${ADMIN_API}/products/${mug.id}`, manager, { ...body, hsn_code: '69' });
    expect(badHsn.json()).toMatchObject({ field: 'hsn_code' });
    const edited = await call('PUT', `${ADMIN_API}/products/${mug.id}`, manager, {
      ...body,
      hsn_code: '69120010',
      gst_rate: 18,
    });
    expect(edited.json().data).toMatchObject({ hsn_code: '69120010', gst_rate: 18 });
    // Left out, they stay as they are.
    expect((await call('PUT', `${ADMIN_API}/products/${mug.id}`, manager, body)).json().data).toMatchObject({
      hsn_code: '69120010',
      gst_rate: 18,
    });
    await call('PUT', `${ADMIN_API}/products/${mug.id}`, manager, { ...body, hsn_code: '6912', gst_rate: 5 });
  });

  it('invoices a Mumbai delivery from a Maharashtra shop with CGST and SGST, and every Rule 46 particular', async () => {
    const { shopper, order } = await confirmedOrder('Golden Era Bollywood Poster Set', validAddress, 2);
    expect((await ship(order.id)).statusCode).toBe(200);
    const [invoice] = await readyDocuments(shopper, order.id, 1);
    expect(invoice).toMatchObject({ kind: 'invoice', total: order.total });
    expect(invoice!.number).toMatch(/^CV\/\d{4}\/\d{6}$/);
    expect(invoice!.number.length).toBeLessThanOrEqual(16);
    const text = await downloadText(shopper, order.id, invoice!.id);
    const split = splitInclusive(order.total, 18, true);
    for (const particular of [
      'Tax Invoice',
      LEGAL.legal_name, // (a) the supplier's name,
      LEGAL.address, // address
      `GSTIN: ${LEGAL.gstin}`, // and GSTIN
      `Invoice number: ${invoice!.number}`, // (b) the serial number
      /Invoice date: \d{1,2} [A-Z][a-z]{2} \d{4}/, // (c) the date
      'Arjun Menon', // (e, f) the recipient
      'Address of delivery: 12, Film City Road, Goregaon East, Mumbai 400065', // (o) the address of delivery
      'State: Maharashtra, code 27', // with its state's name and code
      'Place of supply: Maharashtra (27)', // (n)
      '4911', // (g) HSN
      'Golden Era Bollywood Poster Set', // (h) description
      '2 NOS', // (i) quantity and unit
      `Total value:₹${rupees(order.total)}`, // (j) total value
      `Taxable value:₹${rupees(split.taxable)}`, // (k) taxable value
      `${rupees(split.cgst)} @9%`, // (l, m) rate and amount of each tax
      /CGST ?₹/,
      /SGST ?₹/,
      'Tax payable on reverse charge: No', // (p)
      'Authorised signatory', // (q) the signature
    ]) {
      expect(text).toMatch(typeof particular === 'string' ? new RegExp(escape(particular)) : particular);
    }
    expect(text).not.toMatch(/IGST/);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(row).toMatchObject({ taxable: split.taxable, cgst: split.cgst, sgst: split.sgst, igst: 0 });
  });

  it('invoices a Bengaluru delivery with IGST alone, in the buyer’s language, their name in Devanagari', async () => {
    const { shopper, order } = await confirmedOrder('Golden Era Bollywood Poster Set', {
      ...bengaluru,
      name: 'कविता राव',
    });
    await app.db.update(users).set({ language: 'hi' }).where(eq(users.id, shopper.id));
    expect((await ship(order.id)).statusCode).toBe(200);
    const [invoice] = await readyDocuments(shopper, order.id, 1);
    const text = await downloadText(shopper, order.id, invoice!.id);
    const split = splitInclusive(order.total, 18, false);
    expect(text).toContain('कर बीजक');
    expect(text).toContain('Karnataka (29)');
    expect(text).toMatch(/IGST ?₹/);
    expect(text).toContain(`${rupees(split.igst)} @18%`);
    expect(text).toContain(`₹${rupees(split.taxable)}`);
    expect(text).not.toMatch(/CGST|SGST/);
    // The name is drawn in the Devanagari font: its letters come back out (in the order a PDF stores them).
    expect(text).toContain('राव');
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(row).toMatchObject({ language: 'hi', taxable: split.taxable, cgst: 0, sgst: 0, igst: split.igst });
  });

  it('mails the shipping notice with the invoice attached, once its PDF is made, through SMTP', async () => {
    const { order } = await confirmedOrder('Popcorn Bucket Mug', bengaluru);
    expect((await ship(order.id)).statusCode).toBe(200);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const subject = `Subject: Order #${order.id} shipped`;
    await expect
      .poll(async () => {
        await app.sendQueuedMail();
        return smtp.received.some((mail) => mail.raw.includes(subject));
      }, mailRounds)
      .toBe(true);
    const mail = smtp.received.find((item) => item.raw.includes(subject))!;
    expect(mail.raw).toContain('Content-Type: application/pdf');
    const filename = `${row!.number.replace(/\//g, '-')}.pdf`;
    expect(mail.raw).toContain(filename);
    expect(mail.raw).toContain('Tracking ID: BD');
    // The attachment is the invoice: its PDF's text names it.
    const encoded = mail.raw.split(filename).at(-1)!.split('\r\n\r\n')[1]!.split('\r\n--')[0]!;
    const text = await pdfText(Buffer.from(encoded.replace(/\s+/g, ''), 'base64'));
    expect(text).toContain(row!.number);
    expect(smtp.received.filter((item) => item.raw.includes(subject))).toHaveLength(1);
  });

  it('lets the buyer and shop staff download an order’s invoice, and no one else', async () => {
    const { shopper, order } = await confirmedOrder('Popcorn Bucket Mug');
    await ship(order.id);
    const [invoice] = await readyDocuments(shopper, order.id, 1);
    const pdf = `/orders/${order.id}/invoices/${invoice!.id}/pdf`;
    const stranger = await createShopper(app, 'Someone Else');
    expect((await call('GET', `${USER_API}${pdf}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `${USER_API}/orders/${order.id}/invoices`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `${USER_API}${pdf}`, null)).statusCode).toBe(401);
    const editor = await createStaff(app, 'editor', 'Kabir Editor');
    expect((await call('GET', `${ADMIN_API}${pdf}`, editor)).statusCode).toBe(403);
    expect((await call('GET', `${ADMIN_API}${pdf}`, stranger)).statusCode).toBe(403);
    const staff = await call('GET', `${ADMIN_API}${pdf}`, manager);
    expect(staff.statusCode).toBe(200);
    expect(await pdfText(staff.rawPayload)).toContain(invoice!.number);
    // Another order's number with this invoice's id is no way in.
    const other = await confirmedOrder('Popcorn Bucket Mug');
    expect(
      (await call('GET', `${USER_API}/orders/${other.order.id}/invoices/${invoice!.id}/pdf`, other.shopper)).statusCode,
    ).toBe(404);
  });

  it('issues a credit note in its own series against the invoice for each refund, up to the invoice', async () => {
    const { shopper, order } = await confirmedOrder('Golden Era Bollywood Poster Set', bengaluru, 2);
    await ship(order.id);
    expect((await move(order.id, { to: 'delivered' })).statusCode).toBe(200);
    const part = await move(order.id, { to: 'refunded', refund_amount: 300_00, refund_reference: 'UPI-301' });
    expect(part.statusCode, part.body).toBe(200);
    const [invoice, note] = await readyDocuments(shopper, order.id, 2);
    expect(note).toMatchObject({ kind: 'credit_note', total: 300_00 });
    expect(note!.number).toMatch(/^CN\/\d{4}\/\d{6}$/);
    const text = await downloadText(shopper, order.id, note!.id);
    expect(text).toContain('Credit Note');
    expect(text).toContain(note!.number);
    expect(text).toContain(`Against invoice: ${invoice!.number}`);
    expect(text).toContain(`${rupees(splitInclusive(300_00, 18, false).igst)} @18%`);
    const rest = await move(order.id, {
      to: 'refunded',
      refund_amount: order.total - 300_00,
      refund_reference: 'UPI-302',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const documents = await readyDocuments(shopper, order.id, 3);
    expect(documents[2]).toMatchObject({ kind: 'credit_note', total: order.total - 300_00 });
    expect(Number(documents[2]!.number.slice(-6))).toBe(Number(note!.number.slice(-6)) + 1);
    const notes = await app.db.select().from(invoices).where(eq(invoices.invoiceId, invoice!.id));
    expect(notes.reduce((sum, row) => sum + row.total, 0)).toBe(invoice!.total);
    expect(notes.reduce((sum, row) => sum + row.igst, 0)).toBe(
      (await app.db.select().from(invoices).where(eq(invoices.id, invoice!.id)))[0]!.igst,
    );
    expect(notes.map((row) => row.refundId)).not.toContain(null);

    const csv = await call('GET', `${ADMIN_API}/invoices.csv`, manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toContain('"Taxable value (₹)","CGST (₹)","SGST/UTGST (₹)","IGST (₹)","Total (₹)"');
    expect(lines.find((line) => line.includes(invoice!.number) && line.startsWith('"Invoice"'))).toContain(
      `"${(invoice!.total / 100).toFixed(2)}"`,
    );
    expect(lines.find((line) => line.includes(note!.number))).toContain(`"${invoice!.number}"`);
    expect(lines.find((line) => line.includes(note!.number))).toMatch(/^"Credit note",.*"300\.00"$/);
    expect((await call('GET', `${ADMIN_API}/invoices.csv`, shopper)).statusCode).toBe(403);
  });

  it('numbers invoices consecutively, none skipped or repeated, when two processes ship at once', async () => {
    const second = await testApp.secondProcess();
    try {
      const orders = [];
      for (let index = 0; index < 8; index += 1) orders.push((await confirmedOrder('Popcorn Bucket Mug')).order);
      const answers = await Promise.all(orders.map((order, index) => ship(order.id, index % 2 ? second : app)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(orders.map(() => 200));
      const rows = await app.db.select().from(invoices).where(eq(invoices.kind, 'invoice'));
      const serials = rows.map((row) => Number(row.number.slice(-6))).sort((a, b) => a - b);
      expect(new Set(serials).size).toBe(serials.length);
      expect(serials).toEqual(serials.map((_, index) => serials[0]! + index));
      expect(serials[0]).toBe(1);
    } finally {
      await second.close();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

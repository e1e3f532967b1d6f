import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { gstStateOfCode } from '../../../src/contract/gst.js';
import type { Database } from '../db/client.js';
import { invoiceCounters, invoices, orderItems, orders, products, shopLegal, users } from '../db/schema.js';
import { csvFile, csvTime, UTF8_BOM } from './csv.js';
import { deliveryStateOf } from './pin-directory.js';
import {
  creditLines,
  documentNumber,
  financialYearOf,
  type InvoiceLine,
  invoiceLines,
  type Supply,
  supplyOf,
  totalsOf,
} from './gst.js';
import { invoicePdf } from './invoice-pdf.js';
import { enqueue, hasJobQueue, QUEUES } from './jobs.js';
import type { Storage } from './storage.js';
import { type Language, readsIn } from './language.js';

/**
 * Tax invoices and credit notes (docs/operations/gst-invoices.md). An order's invoice is issued in the transaction
 * that ships it, its credit notes in those of its refunds (and of a cancellation after it): each takes the next number
 * of its series from `invoice_counters`, whose row stays locked until that transaction ends, so numbers are
 * consecutive and never skipped whatever runs at once. What the document says is frozen at issue; its PDF is drawn
 * after by the `invoices` job (plugins/invoices.ts), which also sends the shipping mail with the invoice attached.
 */

/** Everything a tax invoice or credit note prints. */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  language: Language;
  orderId: number;
  supplier: { legalName: string; address: string; gstin: string; stateCode: string; stateName: string };
  recipient: { name: string; address: string; stateName: string; stateCode: string };
  supply: Supply;
  lines: InvoiceLine[];
  totals: ReturnType<typeof totalsOf>;
  /** A credit note's invoice, and why it is issued. */
  against?: { number: string; issuedAt: string; reason: 'refund' | 'cancellation' };
}

export type InvoiceRow = typeof invoices.$inferSelect;

/** The folder of the object store the PDFs are kept in. */
export const INVOICES_FOLDER = 'invoices';

/** The next serial of `series` in `financialYear`, in `tx`: its counter row stays locked until `tx` ends. */
async function nextSerial(tx: Database, series: 'CV' | 'CN', financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, financialYear, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.financialYear],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

async function queueDrawing(tx: Database, invoiceId: number, data: object = {}): Promise<void> {
  // A command-line tool runs no job queue: its documents are drawn when first downloaded.
  if (hasJobQueue()) await enqueue(tx, QUEUES.invoices, { invoiceId, ...data });
}

/**
 * Issues the tax invoice of order `orderId` as it ships, in the shipping transaction `tx`: null when the shop's legal
 * details are not set yet (no invoice can be issued without its GSTIN) or the order has one already. `mail` is what
 * the `invoices` job needs to send the shipping mail once the PDF is drawn (the note staff wrote).
 */
export async function issueInvoice(
  tx: Database,
  orderId: number,
  mail: { note: string | null },
): Promise<InvoiceRow | null> {
  const [legal] = await tx.select().from(shopLegal).where(eq(shopLegal.id, 1));
  if (!legal) return null;
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  if (existing) return null;
  const [order] = await tx
    .select({ order: orders, language: users.language })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`No order ${orderId}`);
  const items = await tx
    .select({
      name: orderItems.name,
      price: orderItems.price,
      quantity: orderItems.quantity,
      hsn: products.hsnCode,
      rate: products.gstRate,
      variantKind: orderItems.variantKind,
      variantLabel: orderItems.variantLabel,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const language = readsIn(order.language);
  const address = order.order.address;
  // The place of supply is the delivery address's state as its PIN says (an older order's state may be typed loosely).
  const supply = supplyOf(legal.stateCode, deliveryStateOf(address)?.name ?? address.state);
  // A size or colour is printed under the line's description, in the buyer's words ("Size M", "साइज़ M").
  const variantWords = { size: { en: 'Size', hi: 'साइज़' }, colour: { en: 'Colour', hi: 'रंग' } } as const;
  const labelled = items.map(({ variantKind, variantLabel, ...item }) => ({
    ...item,
    label: variantKind && variantLabel ? `${variantWords[variantKind][language]} ${variantLabel}` : null,
  }));
  const lines = invoiceLines(labelled, order.order, supply, { shipping: language === 'hi' ? 'शिपिंग' : 'Shipping' });
  const issuedAt = new Date();
  const year = financialYearOf(issuedAt);
  const number = documentNumber('CV', year, await nextSerial(tx, 'CV', year));
  const shopState = gstStateOfCode(legal.stateCode)!;
  const document: InvoiceDocument = {
    kind: 'invoice',
    number,
    issuedAt: issuedAt.toISOString(),
    language,
    orderId,
    supplier: {
      legalName: legal.legalName,
      address: legal.address,
      gstin: legal.gstin,
      stateCode: shopState.code,
      stateName: shopState.name,
    },
    recipient: {
      name: address.name,
      address: [address.line1, address.line2, `${address.city} ${address.pincode}`].filter(Boolean).join(', '),
      stateName: supply.placeOfSupply.name,
      stateCode: supply.placeOfSupply.code,
    },
    supply,
    lines,
    totals: totalsOf(lines),
  };
  const row = await insertDocument(tx, document, { orderId, invoiceId: null, refundId: null, issuedAt });
  await queueDrawing(tx, row.id, { mail });
  return row;
}

async function insertDocument(
  tx: Database,
  document: InvoiceDocument,
  links: { orderId: number; invoiceId: number | null; refundId: number | null; issuedAt: Date },
): Promise<InvoiceRow> {
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: document.kind,
      number: document.number,
      ...links,
      language: document.language,
      document,
      taxable: document.totals.taxable,
      cgst: document.totals.cgst,
      sgst: document.totals.sgst,
      igst: document.totals.igst,
      total: document.totals.total,
    })
    .returning();
  return row!;
}

/**
 * Issues, in `tx`, the credit note of a refund (`refund`: the `order_refunds` row just written) or of a cancellation
 * (`refund` null: what is not yet credited) of order `orderId`, naming its invoice: null when the order has no invoice
 * (it never shipped, or shipped before invoices were issued) or nothing is left to credit. Whatever writes a refund
 * row calls it in the same transaction.
 */
export async function issueCreditNote(
  tx: Database,
  orderId: number,
  refund: { id: number; amount: number } | null,
): Promise<InvoiceRow | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    // The invoice's row is locked: two refunds of one order at once credit its lines one after the other.
    .for('update');
  if (!invoice) return null;
  const notes = await tx
    .select({ document: invoices.document, total: invoices.total })
    .from(invoices)
    .where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, 'credit_note')));
  const original = invoice.document as InvoiceDocument;
  const open = invoice.total - notes.reduce((sum, note) => sum + note.total, 0);
  const amount = Math.min(refund?.amount ?? open, open);
  if (amount <= 0) return null;
  const lines = creditLines(
    original.lines,
    notes.map((note) => (note.document as InvoiceDocument).lines),
    amount,
    original.supply,
  );
  const issuedAt = new Date();
  const year = financialYearOf(issuedAt);
  const number = documentNumber('CN', year, await nextSerial(tx, 'CN', year));
  const document: InvoiceDocument = {
    ...original,
    kind: 'credit_note',
    number,
    issuedAt: issuedAt.toISOString(),
    lines,
    totals: totalsOf(lines),
    against: { number: invoice.number, issuedAt: original.issuedAt, reason: refund ? 'refund' : 'cancellation' },
  };
  const row = await insertDocument(tx, document, {
    orderId,
    invoiceId: invoice.id,
    refundId: refund?.id ?? null,
    issuedAt,
  });
  await queueDrawing(tx, row.id);
  return row;
}

/** An order's invoice and credit notes, oldest first. */
export async function documentsOfOrder(executor: Database, orderId: number): Promise<InvoiceRow[]> {
  return executor.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}

/** What a list shows of a document. */
export function invoiceSummaryOf(row: InvoiceRow) {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issued_at: row.issuedAt.toISOString(),
    total: row.total,
    ready: row.pdfKey !== null,
  };
}

/** A document's PDF file name as downloaded: `CV-2627-000123.pdf`. */
export const pdfNameOf = (number: string) => `${number.replace(/\//g, '-')}.pdf`;

/**
 * The `invoices` job's work on one document: draws its PDF and stores it under its name in the store's `invoices`
 * folder (the same name each time: a second drawing replaces it with the same). Returns the PDF and its name.
 */
export async function drawAndStore(storage: Storage, document: InvoiceDocument): Promise<{ pdf: Buffer; key: string }> {
  const pdf = await invoicePdf(document);
  const key = pdfNameOf(document.number);
  await storage.folder(INVOICES_FOLDER).put(key, pdf, 'application/pdf');
  return { pdf, key };
}

/** Rupees with two decimals, for the accountant's spreadsheet. */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * The register of invoices and credit notes issued from `from` to before `to` (days in India), as a CSV file: one line
 * a document and GST rate with its taxable value and each tax. A credit note's figures are positive, as GSTR-1 reports
 * them, its kind in the first column and its invoice beside it.
 */
export async function invoiceRegisterCsv(executor: Database, range: { from?: string; to?: string }): Promise<string> {
  const INDIA = 5.5 * 60 * 60 * 1000;
  const day = (value: string, plus: number) =>
    new Date(Date.parse(`${value}T00:00:00Z`) - INDIA + plus * 24 * 60 * 60 * 1000);
  const rows = await executor
    .select()
    .from(invoices)
    .where(
      and(
        range.from ? gte(invoices.issuedAt, day(range.from, 0)) : undefined,
        range.to ? lt(invoices.issuedAt, day(range.to, 1)) : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lines: (string | number | null)[][] = [];
  for (const row of rows) {
    const document = row.document as InvoiceDocument;
    const rates = [...new Set(document.lines.filter((line) => line.value !== 0).map((line) => line.rate))].sort(
      (a, b) => a - b,
    );
    for (const rate of rates) {
      const ofRate = totalsOf(document.lines.filter((line) => line.rate === rate));
      lines.push([
        row.kind === 'invoice' ? 'Invoice' : 'Credit note',
        row.number,
        csvTime(row.issuedAt),
        row.orderId,
        row.invoiceId === null ? null : (byId.get(row.invoiceId)?.number ?? document.against?.number ?? null),
        document.recipient.name,
        `${document.supply.placeOfSupply.code}-${document.supply.placeOfSupply.name}`,
        document.supply.intraState ? 'Intra-state' : 'Inter-state',
        rate,
        rupees(ofRate.taxable),
        rupees(ofRate.cgst),
        rupees(ofRate.sgst),
        rupees(ofRate.igst),
        rupees(ofRate.total),
      ]);
    }
  }
  return (
    UTF8_BOM +
    csvFile(
      [
        'Document',
        'Number',
        'Date (India)',
        'Order',
        'Against invoice',
        'Recipient',
        'Place of supply',
        'Supply',
        'GST rate (%)',
        'Taxable value (₹)',
        'CGST (₹)',
        'SGST/UTGST (₹)',
        'IGST (₹)',
        'Total (₹)',
      ],
      lines,
    )
  );
}

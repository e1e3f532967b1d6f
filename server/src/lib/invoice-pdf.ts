import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import type { Language } from './language.js';
import { formatIndianDate } from './money.js';
import type { InvoiceDocument } from './invoices.js';
import type { InvoiceLine } from './gst.js';

/**
 * A tax invoice or credit note as a PDF (A4), with every particular of CGST Rule 46 (and Rule 53 for a credit note),
 * in the buyer's language. Drawn with pdfkit in Noto Sans Devanagari, whose Latin and Devanagari halves are separate
 * files: each piece of text is split into runs of either script, so a name in Devanagari and the rupee sign render.
 */

const require = createRequire(import.meta.url);
const fontFile = (subset: 'latin' | 'devanagari', weight: 400 | 700) =>
  woffToSfnt(
    readFileSync(
      require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`),
    ),
  );

/**
 * A WOFF font as the plain OpenType file it wraps: each table inflated once. fontkit reads a WOFF's tables by
 * inflating them at every read, and a PDF's font subset reads them again for every document: three quarters of the
 * time an invoice took.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** The four fonts, read once per process. */
let fonts: Record<'latin' | 'latinBold' | 'deva' | 'devaBold', Buffer> | undefined;
function loadFonts() {
  fonts ??= {
    latin: fontFile('latin', 400),
    latinBold: fontFile('latin', 700),
    deva: fontFile('devanagari', 400),
    devaBold: fontFile('devanagari', 700),
  };
  return fonts;
}

const FONT_NAMES = ['latin', 'latinBold', 'deva', 'devaBold'] as const;
/** The fonts as pdfkit parsed them (fontkit's), once per process. */
const parsed = new Map<(typeof FONT_NAMES)[number], object>();
/** Each font's words as laid out (glyphs and positions), shared by the documents until it holds this many. */
const LAID_OUT_WORDS = 20_000;
const laidOut = new Map<(typeof FONT_NAMES)[number], object>();

/** Code point ranges drawn from the Devanagari file: the script, its joiners and the rupee sign. */
const DEVANAGARI: [number, number][] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0x200c, 0x200d],
  [0x20b9, 0x20b9],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
];
const isDevanagari = (char: string) => {
  const point = char.codePointAt(0)!;
  return DEVANAGARI.some(([from, to]) => point >= from && point <= to);
};

/** `text` cut into runs of one font each. */
function runsOf(text: string): { deva: boolean; text: string }[] {
  const runs: { deva: boolean; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    // A space stays in the run it is in: both files have one, and a run of a space alone is lost between words.
    const deva = char === ' ' && last ? last.deva : isDevanagari(char);
    if (last && last.deva === deva) last.text += char;
    else runs.push({ deva, text: char });
  }
  return runs;
}

const WORDS = {
  en: {
    invoice: 'Tax Invoice',
    creditNote: 'Credit Note',
    original: 'Original for recipient',
    supplier: 'Supplier',
    gstin: 'GSTIN',
    state: 'State',
    code: 'code',
    number: { invoice: 'Invoice number', credit_note: 'Credit note number' },
    date: { invoice: 'Invoice date', credit_note: 'Credit note date' },
    againstInvoice: 'Against invoice',
    reason: { refund: 'Reason: refund', cancellation: 'Reason: order cancelled' },
    order: 'Order',
    recipient: 'Recipient (unregistered)',
    deliveryAddress: 'Address of delivery',
    placeOfSupply: 'Place of supply',
    reverseCharge: 'Tax payable on reverse charge: No',
    columns: {
      description: 'Description',
      hsn: 'HSN',
      quantity: 'Qty',
      value: 'Value ₹',
      discount: 'Discount ₹',
      taxable: 'Taxable value ₹',
      rate: 'Rate',
      cgst: 'CGST ₹',
      sgst: 'SGST ₹',
      utgst: 'UTGST ₹',
      igst: 'IGST ₹',
      total: 'Total ₹',
    },
    totals: 'Totals',
    totalValue: 'Total value',
    taxableValue: 'Taxable value',
    inclusive: 'Prices include GST.',
    signature: 'Authorised signatory',
    signedFor: 'For',
    computer: 'This is a computer-generated document.',
  },
  hi: {
    invoice: 'कर बीजक (Tax Invoice)',
    creditNote: 'क्रेडिट नोट (Credit Note)',
    original: 'प्राप्तकर्ता के लिए मूल प्रति',
    supplier: 'आपूर्तिकर्ता',
    gstin: 'GSTIN',
    state: 'राज्य',
    code: 'कोड',
    number: { invoice: 'बीजक संख्या', credit_note: 'क्रेडिट नोट संख्या' },
    date: { invoice: 'बीजक की तारीख़', credit_note: 'क्रेडिट नोट की तारीख़' },
    againstInvoice: 'मूल बीजक',
    reason: { refund: 'कारण: रिफ़ंड', cancellation: 'कारण: ऑर्डर रद्द' },
    order: 'ऑर्डर',
    recipient: 'प्राप्तकर्ता (अपंजीकृत)',
    deliveryAddress: 'डिलीवरी का पता',
    placeOfSupply: 'आपूर्ति का स्थान',
    reverseCharge: 'रिवर्स चार्ज पर देय कर: नहीं',
    columns: {
      description: 'विवरण',
      hsn: 'HSN',
      quantity: 'मात्रा',
      value: 'मूल्य ₹',
      discount: 'छूट ₹',
      taxable: 'कर योग्य मूल्य ₹',
      rate: 'दर',
      cgst: 'CGST ₹',
      sgst: 'SGST ₹',
      utgst: 'UTGST ₹',
      igst: 'IGST ₹',
      total: 'कुल ₹',
    },
    totals: 'कुल',
    totalValue: 'कुल मूल्य',
    taxableValue: 'कर योग्य मूल्य',
    inclusive: 'क़ीमतों में GST शामिल है।',
    signature: 'अधिकृत हस्ताक्षरकर्ता',
    signedFor: 'कृते',
    computer: 'यह कंप्यूटर से बना दस्तावेज़ है।',
  },
} satisfies Record<Language, unknown>;

/** Paise as rupees in a table: `1,234.50`, Indian grouping, always two decimals. */
function amount(paise: number): string {
  return new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };

/** The invoice or credit note `document` as PDF bytes. */
export async function invoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const font = loadFonts();
  const words = WORDS[document.language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${document.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} ${document.number}` },
  });
  for (const name of FONT_NAMES) {
    doc.registerFont(name, (parsed.get(name) ?? font[name]) as Buffer);
    doc.font(name);
    const embedded = (doc as unknown as { _font: { font: object; layoutCache?: Record<string, unknown> } })._font;
    // The font read from its file is kept for the next documents: parsing it (and its glyph cache, built as text is
    // laid out) costs more than drawing a whole invoice. So are its words as laid out (shaping Devanagari is the
    // slowest part of a Hindi invoice), in a cache of bounded size.
    if (!parsed.has(name)) parsed.set(name, embedded.font);
    let words = laidOut.get(name);
    if (!words || Object.keys(words).length > LAID_OUT_WORDS)
      laidOut.set(name, (words = Object.create(null) as object));
    embedded.layoutCache = words as Record<string, unknown>;
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  /** Writes `text` (either script) at x, y within `width`; returns the y below it. */
  function write(
    text: string,
    x: number,
    y: number,
    options: { width?: number; size?: number; bold?: boolean; align?: 'left' | 'right' | 'center' } = {},
  ): number {
    const size = options.size ?? 9;
    const runs = runsOf(text);
    doc.fontSize(size);
    runs.forEach((run, index) => {
      const name = run.deva ? (options.bold ? 'devaBold' : 'deva') : options.bold ? 'latinBold' : 'latin';
      doc.font(name);
      const more = index < runs.length - 1;
      if (index === 0) {
        doc.text(run.text, x, y, {
          width: options.width ?? PAGE.width - PAGE.margin - x,
          align: options.align ?? 'left',
          continued: more,
          lineGap: 1,
        });
      } else {
        doc.text(run.text, { continued: more });
      }
    });
    return doc.y;
  }

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const full = right - left;
  const isInvoice = document.kind === 'invoice';

  // Title and copy.
  write(isInvoice ? words.invoice : words.creditNote, left, PAGE.margin, { size: 16, bold: true });
  write(words.original, left, PAGE.margin + 4, { size: 8, align: 'right', width: full });

  // Supplier (Rule 46(a)).
  let y = PAGE.margin + 30;
  const half = full / 2 - 10;
  let ySupplier = write(words.supplier, left, y, { bold: true, size: 8 });
  ySupplier = write(document.supplier.legalName, left, ySupplier, { bold: true, width: half });
  ySupplier = write(document.supplier.address, left, ySupplier, { width: half });
  ySupplier = write(
    `${words.state}: ${document.supplier.stateName}, ${words.code} ${document.supplier.stateCode}`,
    left,
    ySupplier,
    { width: half },
  );
  ySupplier = write(`${words.gstin}: ${document.supplier.gstin}`, left, ySupplier, { bold: true, width: half });

  // The document's number and date (Rule 46(b), (c)); a credit note's invoice (Rule 53(1)(g)).
  const xMeta = left + full / 2 + 10;
  let yMeta = write(`${words.number[document.kind]}: ${document.number}`, xMeta, y, { bold: true, width: half });
  yMeta = write(
    `${words.date[document.kind]}: ${formatIndianDate(new Date(document.issuedAt), document.language)}`,
    xMeta,
    yMeta,
    { width: half },
  );
  yMeta = write(`${words.order}: #${document.orderId}`, xMeta, yMeta, { width: half });
  if (document.against) {
    yMeta = write(
      `${words.againstInvoice}: ${document.against.number}, ${formatIndianDate(new Date(document.against.issuedAt), document.language)}`,
      xMeta,
      yMeta,
      { width: half },
    );
    yMeta = write(words.reason[document.against.reason], xMeta, yMeta, { width: half });
  }
  yMeta = write(words.reverseCharge, xMeta, yMeta, { width: half });

  // Recipient and delivery address with its state's name and code (Rule 46(e), (f), (o)); place of supply (46(n)).
  y = Math.max(ySupplier, yMeta) + 12;
  let yRecipient = write(words.recipient, left, y, { bold: true, size: 8 });
  yRecipient = write(document.recipient.name, left, yRecipient, { bold: true, width: half });
  yRecipient = write(`${words.deliveryAddress}: ${document.recipient.address}`, left, yRecipient, { width: half });
  yRecipient = write(
    `${words.state}: ${document.recipient.stateName}, ${words.code} ${document.recipient.stateCode}`,
    left,
    yRecipient,
    { width: half },
  );
  const ySupply = write(
    `${words.placeOfSupply}: ${document.supply.placeOfSupply.name} (${document.supply.placeOfSupply.code})`,
    xMeta,
    y,
    { bold: true, width: half },
  );
  y = Math.max(yRecipient, ySupply) + 14;

  // The lines (Rule 46(g)-(m)).
  const intra = document.supply.intraState;
  const columns: { title: string; width: number; cell: (line: InvoiceLine) => string; align?: 'right' }[] = [
    { title: words.columns.description, width: 128, cell: (line) => line.description },
    { title: words.columns.hsn, width: 38, cell: (line) => line.hsn },
    { title: words.columns.quantity, width: 34, cell: (line) => `${line.quantity} ${line.unit}`, align: 'right' },
    { title: words.columns.value, width: 52, cell: (line) => amount(line.gross), align: 'right' },
    { title: words.columns.discount, width: 44, cell: (line) => amount(line.discount), align: 'right' },
    { title: words.columns.taxable, width: 56, cell: (line) => amount(line.taxable), align: 'right' },
    ...(intra
      ? [
          {
            title: words.columns.cgst,
            width: 54,
            cell: (line: InvoiceLine) => `${amount(line.cgst)} @${line.rate / 2}%`,
            align: 'right' as const,
          },
          {
            title: document.supply.utgst ? words.columns.utgst : words.columns.sgst,
            width: 54,
            cell: (line: InvoiceLine) => `${amount(line.sgst)} @${line.rate / 2}%`,
            align: 'right' as const,
          },
        ]
      : [
          {
            title: words.columns.igst,
            width: 108,
            cell: (line: InvoiceLine) => `${amount(line.igst)} @${line.rate}%`,
            align: 'right' as const,
          },
        ]),
    { title: words.columns.total, width: 55, cell: (line) => amount(line.value), align: 'right' },
  ];

  const row = (cells: string[], top: number, bold = false) => {
    let x = left;
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      bottom = Math.max(
        bottom,
        write(cell, x + 2, top, { width: column.width - 4, size: 8, bold, align: column.align ?? 'left' }),
      );
      x += column.width;
    });
    return bottom;
  };
  const rule = (at: number) => {
    doc.moveTo(left, at).lineTo(right, at).lineWidth(0.5).strokeColor('#888888').stroke();
  };

  rule(y - 3);
  y = row(
    columns.map((column) => column.title),
    y,
    true,
  );
  rule(y + 1);
  y += 4;
  const printed = document.lines.filter((line) => line.value !== 0);
  for (const line of printed) {
    if (y > PAGE.height - 160) {
      doc.addPage();
      y = PAGE.margin;
    }
    const top = y;
    y = row(
      columns.map((column) => column.cell(line)),
      top,
    );
    // A variant's label (a size) under the description.
    if (line.label) y = Math.max(y, write(line.label, left + 2, doc.y, { width: 124, size: 7 }));
    y += 3;
  }
  rule(y);
  y += 4;
  const totals = document.totals;
  const totalCells = columns.map((column) => {
    if (column === columns[0]) return words.totals;
    if (column.title === words.columns.taxable) return amount(totals.taxable);
    if (column.title === words.columns.cgst) return amount(totals.cgst);
    if (column.title === words.columns.sgst || column.title === words.columns.utgst) return amount(totals.sgst);
    if (column.title === words.columns.igst) return amount(totals.igst);
    if (column.title === words.columns.total) return amount(totals.total);
    return '';
  });
  y = row(totalCells, y, true) + 12;

  // Total value of supply (Rule 46(j)) and taxable value (46(k)), in rupees.
  y = write(`${words.taxableValue}: ₹${amount(totals.taxable)}`, xMeta, y, { width: half, align: 'right' });
  y = write(`${words.totalValue}: ₹${amount(totals.total)}`, xMeta, y, {
    width: half,
    align: 'right',
    bold: true,
    size: 11,
  });
  y = write(words.inclusive, xMeta, y, { width: half, align: 'right', size: 8 }) + 30;

  // Signature (Rule 46(q)).
  if (y > PAGE.height - 100) {
    doc.addPage();
    y = PAGE.margin;
  }
  y = write(`${words.signedFor} ${document.supplier.legalName}`, xMeta, y, { width: half, align: 'right' }) + 28;
  doc
    .moveTo(right - 160, y)
    .lineTo(right, y)
    .lineWidth(0.5)
    .strokeColor('#000000')
    .stroke();
  y = write(words.signature, xMeta, y + 3, { width: half, align: 'right', size: 8 }) + 16;
  write(words.computer, left, y, { width: full, size: 7 });

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

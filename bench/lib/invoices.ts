import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { invoiceLines, supplyOf, totalsOf } from '../../server/src/lib/gst.js';
import { drawAndStore, type InvoiceDocument } from '../../server/src/lib/invoices.js';
import { folderStorage } from '../../server/src/lib/storage.js';

export interface InvoiceFigures {
  /** Documents drawn after the first (a worker draws many in its life). */
  runs: number;
  /** The first, in a process that had drawn none (the fonts read and parsed). */
  firstMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The PDF's size. */
  sizeKb: number;
}

/** A tax invoice as the `invoices` job draws one: five lines, a Hindi buyer (Devanagari words and name), IGST. */
function sampleInvoice(serial: number): InvoiceDocument {
  const supply = supplyOf('27', 'Karnataka');
  const items = [
    { name: 'Clapperboard Classic Tee', label: 'Size M', hsn: '6109', rate: 5, price: 599_00, quantity: 2 },
    { name: 'Director’s Chair Hoodie', label: 'Size L', hsn: '6110', rate: 5, price: 1_799_00, quantity: 1 },
    { name: 'Golden Era Bollywood Poster Set', hsn: '4911', rate: 18, price: 1_299_00, quantity: 1 },
    { name: 'Popcorn Bucket Mug', hsn: '6912', rate: 5, price: 399_00, quantity: 3 },
    { name: 'The Art of Indian Cinematography', hsn: '4901', rate: 0, price: 1_499_00, quantity: 1 },
  ];
  const lines = invoiceLines(items, { shipping: 0, total: 6_991_00 }, supply, { shipping: 'शिपिंग' });
  return {
    kind: 'invoice',
    number: `CV/2627/${String(serial).padStart(6, '0')}`,
    issuedAt: new Date().toISOString(),
    language: 'hi',
    orderId: serial,
    supplier: {
      legalName: 'CineVerse Merch Private Limited',
      address: '12 Film City Road, Goregaon East, Mumbai 400065',
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      stateName: 'Maharashtra',
    },
    recipient: {
      name: 'कविता राव',
      address: '4, MG Road, Ashok Nagar, Bengaluru 560001',
      stateName: 'Karnataka',
      stateCode: '29',
    },
    supply,
    lines,
    totals: totalsOf(lines),
  };
}

/**
 * Stage 13: the `invoices` job's own work on a document (`drawAndStore`: the PDF drawn with pdfkit in the Noto fonts
 * and stored in the file store), timed whole, the first in a fresh process apart and then `runs` more.
 */
export async function measureInvoicePdf(smoke: boolean, log: (line: string) => void): Promise<InvoiceFigures> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-bench-invoices-'));
  try {
    const storage = folderStorage(work);
    const time = async (serial: number) => {
      const started = performance.now();
      const { pdf } = await drawAndStore(storage, sampleInvoice(serial));
      return { ms: performance.now() - started, bytes: pdf.length };
    };
    const first = await time(1);
    const runs = smoke ? 5 : 50;
    const times: number[] = [];
    for (let serial = 2; serial < runs + 2; serial += 1) times.push((await time(serial)).ms);
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!;
    const figures = {
      runs,
      firstMs: first.ms,
      p50Ms: at(0.5),
      p95Ms: at(0.95),
      maxMs: times.at(-1)!,
      sizeKb: first.bytes / 1024,
    };
    log(
      `  first ${figures.firstMs.toFixed(0)} ms; then ${runs}: p50 ${figures.p50Ms.toFixed(0)} ms, ` +
        `p95 ${figures.p95Ms.toFixed(0)} ms, max ${figures.maxMs.toFixed(0)} ms; ${figures.sizeKb.toFixed(1)} KB`,
    );
    return figures;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

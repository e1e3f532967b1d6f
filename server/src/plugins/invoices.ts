import { and, eq, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { invoices } from '../db/schema.js';
import { drawAndStore, INVOICES_FOLDER, type InvoiceDocument, type InvoiceRow, pdfNameOf } from '../lib/invoices.js';
import { QUEUES } from '../lib/jobs.js';
import { tell } from '../lib/tell.js';
import { invoiceAttachedLine, orderMail, orderNotice } from '../lib/templates.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: {
      /**
       * Draws document `id`'s PDF and stores it, once: the row as it is after (its `pdfKey` set), and whether this
       * call was the one that drew it.
       */
      draw(id: number): Promise<{ row: InvoiceRow; drawn: boolean; pdf: Buffer | null }>;
      /** The PDF of document `id` of order `orderId` as a reply, drawn now when the job has not yet; 404 otherwise. */
      send(orderId: number, id: number, reply: import('fastify').FastifyReply): Promise<void>;
    };
  }
}

/**
 * Tax invoices' and credit notes' PDFs: the `invoices` job draws each (lib/invoice-pdf.ts), stores it in the object
 * store, and for an invoice sends the shipping mail with it attached (the order's shipping queued the job instead of
 * the mail). The routes that serve the PDFs to the buyer and to staff use `send`.
 */
export default fp<{ publicUrl: string }>(
  async (fastify, options) => {
    const { db, jobs, storage } = fastify;
    const folder = () => storage.folder(INVOICES_FOLDER);

    async function draw(id: number) {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      if (!row) throw new HttpError(404, 'There is no such invoice');
      if (row.pdfKey) return { row, drawn: false, pdf: null };
      // Two workers, or a download racing the job, may both draw it: the second replaces the file with the same.
      const { pdf, key } = await drawAndStore(storage, row.document as InvoiceDocument);
      const [updated] = await db
        .update(invoices)
        .set({ pdfKey: key })
        .where(and(eq(invoices.id, id), isNull(invoices.pdfKey)))
        .returning();
      return updated ? { row: updated, drawn: true, pdf } : { row: { ...row, pdfKey: key }, drawn: false, pdf: null };
    }

    await jobs.work(QUEUES.invoices, async (data) => {
      const id = Number(data.invoiceId);
      const started = performance.now();
      const { row, drawn, pdf } = await draw(id);
      if (drawn)
        fastify.log.info({ invoice: row.number, ms: Math.round(performance.now() - started) }, 'invoice drawn');
      const mail = data.mail as { note: string | null } | undefined;
      if (!mail || row.kind !== 'invoice') return;
      // The shipping mail goes once, from the job that stored the PDF; a retried job after a failure here mails it
      // then, as the PDF is already stored (its bytes read back).
      const bytes = pdf ?? (drawn ? null : await readPdf(row));
      if (!bytes) return;
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(invoices)
          .set({ mailedAt: new Date() })
          .where(and(eq(invoices.id, id), isNull(invoices.mailedAt)))
          .returning({ id: invoices.id });
        if (!claimed) return;
        const order = await fastify.orderRepository.getStaffOrder(tx, row.orderId);
        if (!order) return;
        // The mail says what the order was when it shipped, whatever has happened since.
        const shipped = { ...order, status: 'shipped' as const };
        await tell(tx, {
          userId: order.customer.id,
          kind: 'order',
          words: orderNotice(shipped),
          link: `/orders/${order.id}`,
          centre: false,
          push: false,
          mail: {
            write: (to) => {
              const words = orderMail(shipped, mail.note, options.publicUrl, null, to);
              return {
                ...words,
                text: `${words.text}\n\n${invoiceAttachedLine(to.language, row.number)}`,
                attachments: [
                  {
                    filename: pdfNameOf(row.number),
                    contentType: 'application/pdf',
                    content: bytes.toString('base64'),
                    encoding: 'base64',
                  },
                ],
              };
            },
          },
        });
      });
    });

    async function readPdf(row: InvoiceRow): Promise<Buffer | null> {
      const file = await folder().read(row.pdfKey!);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }

    fastify.decorate('invoices', {
      draw,
      async send(orderId, id, reply) {
        const [found] = await db
          .select()
          .from(invoices)
          .where(and(eq(invoices.id, id), eq(invoices.orderId, orderId)));
        if (!found) throw new HttpError(404, 'There is no such invoice');
        const { row } = await draw(found.id);
        let file;
        try {
          file = await folder().read(row.pdfKey!);
        } catch (error) {
          reply.log.error({ err: error, invoice: row.number }, 'The file store did not answer');
          throw new HttpError(503, 'The invoice cannot be fetched just now: try again in a minute', undefined, 30);
        }
        if (!file) throw new HttpError(404, 'There is no such invoice');
        reply
          .header('cache-control', 'private, no-store')
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${pdfNameOf(row.number)}"`)
          .type('application/pdf')
          .send(file.body);
        // Resolved once the file has gone out: the handler that called this returns nothing of its own.
        await reply;
      },
    });
  },
  { name: 'invoices', dependencies: ['database', 'job-queue', 'storage', 'order-repository'] },
);

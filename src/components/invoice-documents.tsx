import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceSummary } from '@/contract/gst';
import { ApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { formatDate, formatInr } from '@/lib/money';
import { gst_credit_note } from '@/paraglide/messages/gst_credit_note.js';
import { gst_documents_title } from '@/paraglide/messages/gst_documents_title.js';
import { gst_download } from '@/paraglide/messages/gst_download.js';
import { gst_download_failed } from '@/paraglide/messages/gst_download_failed.js';
import { gst_invoice } from '@/paraglide/messages/gst_invoice.js';
import { gst_issued } from '@/paraglide/messages/gst_issued.js';
import { gst_preparing } from '@/paraglide/messages/gst_preparing.js';

/**
 * An order's tax invoice and credit notes, each with its PDF to download (`pathOf` gives its API path: the buyer's or
 * the back office's). Nothing while the order has none.
 */
export function InvoiceDocuments({
  documents,
  pathOf,
}: {
  documents: InvoiceSummary[];
  pathOf: (document: InvoiceSummary) => string;
}) {
  const [downloading, setDownloading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="invoice-documents">
      <Title order={2} fz="md" mb={4} id="invoice-documents">
        {gst_documents_title()}
      </Title>
      <Stack gap="xs">
        {documents.map((document) => {
          const name = document.kind === 'invoice' ? gst_invoice : gst_credit_note;
          return (
            <Group key={document.id} justify="space-between" gap="xs" wrap="wrap">
              <div>
                <Text fw={600}>{name({ number: document.number })}</Text>
                <Text fz="sm" c="dimmed">
                  {gst_issued({ date: formatDate(document.issued_at), amount: formatInr(document.total) })}
                </Text>
              </div>
              {document.ready ? (
                <Button
                  variant="light"
                  size="sm"
                  loading={downloading === document.id}
                  aria-label={`${gst_download()}: ${name({ number: document.number })}`}
                  onClick={() => {
                    setDownloading(document.id);
                    setError(null);
                    downloadFile(pathOf(document), `${document.number.replace(/\//g, '-')}.pdf`)
                      .catch((failure: unknown) =>
                        setError(failure instanceof ApiError ? failure.message : gst_download_failed()),
                      )
                      .finally(() => setDownloading(null));
                  }}
                >
                  {gst_download()}
                </Button>
              ) : (
                <Text fz="sm" c="dimmed" role="status">
                  {gst_preparing()}
                </Text>
              )}
            </Group>
          );
        })}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </section>
  );
}

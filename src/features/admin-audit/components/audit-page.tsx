import { Card, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import classes from '@/components/admin/admin.module.css';
import { AdminPage } from '@/components/admin/admin-page';
import { SearchForm } from '@/components/admin/search-form';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import { z } from 'zod/mini';
import { pageMetaSchema } from '@/contract/catalog';
import type { AuditEntry } from '@/contract/audit';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { listQuery } from '@/lib/list-query';
import { formatDateTime } from '@/lib/money';

const ENTRIES_PER_PAGE = 20;

/**
 * The audit log's answer (contract/audit.ts), each record taken as the server sends it: its schema's `z.unknown()`
 * would add to the zod code every visitor downloads.
 */
const auditListSchema = z.object({
  data: z.array(z.transform((entry: unknown) => entry as AuditEntry)),
  meta: pageMetaSchema,
});

export interface AuditFilters {
  page: number;
  entity?: string;
  actor?: number;
}

function Values({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div>
      <Text fz="xs" fw={600}>
        {label}
      </Text>
      <pre className={classes.json}>{JSON.stringify(value, null, 2)}</pre>
    </div>
  );
}

/** Every back-office change, newest first: who, when, what, and the values before and after. */
export function AuditPage({ filters, onChange }: { filters: AuditFilters; onChange: (next: AuditFilters) => void }) {
  const query = useQuery({
    queryKey: adminKeys.list('audit', filters),
    queryFn: ({ signal }) =>
      adminRequest(`/audit${listQuery({ ...filters, per_page: ENTRIES_PER_PAGE })}`, {
        schema: auditListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / ENTRIES_PER_PAGE) : 0;
  return (
    <AdminPage title="Audit log">
      <SearchForm
        label="What changed"
        description="banner, product, coupon, order, message, user, settings, upload"
        value={filters.entity}
        onSearch={(entity) => onChange({ ...filters, entity, page: 1 })}
      />
      <ListStates
        query={query}
        what="audit log"
        isEmpty={(data) => data.data.length === 0}
        empty="Nothing has been recorded."
      >
        {(data) => (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Changes">
            {data.data.map((entry) => (
              <Card key={entry.id} component="li" withBorder padding="sm">
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>
                    {entry.action} {entry.entity}
                    {entry.entity_id ? ` ${entry.entity_id}` : ''}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {formatDateTime(entry.at)} · {entry.actor_name ?? 'a deleted account'}
                  </Text>
                </Group>
                <Values label="Before" value={entry.before} />
                <Values label="After" value={entry.after} />
              </Card>
            ))}
          </Stack>
        )}
      </ListStates>
      <PageNav total={pages} value={filters.page} onChange={(page) => onChange({ ...filters, page })} />
    </AdminPage>
  );
}

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
import { audit_action_approve } from '@/paraglide/messages/audit_action_approve.js';
import { audit_action_create } from '@/paraglide/messages/audit_action_create.js';
import { audit_action_delete } from '@/paraglide/messages/audit_action_delete.js';
import { audit_action_dismiss } from '@/paraglide/messages/audit_action_dismiss.js';
import { audit_action_hide } from '@/paraglide/messages/audit_action_hide.js';
import { audit_action_publish } from '@/paraglide/messages/audit_action_publish.js';
import { audit_action_refuse } from '@/paraglide/messages/audit_action_refuse.js';
import { audit_action_retry } from '@/paraglide/messages/audit_action_retry.js';
import { audit_action_transition } from '@/paraglide/messages/audit_action_transition.js';
import { audit_action_unpublish } from '@/paraglide/messages/audit_action_unpublish.js';
import { audit_action_update } from '@/paraglide/messages/audit_action_update.js';
import { audit_action_upload } from '@/paraglide/messages/audit_action_upload.js';
import { audit_action_verify } from '@/paraglide/messages/audit_action_verify.js';
import { audit_after } from '@/paraglide/messages/audit_after.js';
import { audit_before } from '@/paraglide/messages/audit_before.js';
import { audit_deleted_account } from '@/paraglide/messages/audit_deleted_account.js';
import { audit_empty } from '@/paraglide/messages/audit_empty.js';
import { audit_entity_banner } from '@/paraglide/messages/audit_entity_banner.js';
import { audit_entity_call_reports } from '@/paraglide/messages/audit_entity_call_reports.js';
import { audit_entity_casting_call } from '@/paraglide/messages/audit_entity_casting_call.js';
import { audit_entity_coupon } from '@/paraglide/messages/audit_entity_coupon.js';
import { audit_entity_insider } from '@/paraglide/messages/audit_entity_insider.js';
import { audit_entity_mail } from '@/paraglide/messages/audit_entity_mail.js';
import { audit_entity_message } from '@/paraglide/messages/audit_entity_message.js';
import { audit_entity_order } from '@/paraglide/messages/audit_entity_order.js';
import { audit_entity_product } from '@/paraglide/messages/audit_entity_product.js';
import { audit_entity_profile } from '@/paraglide/messages/audit_entity_profile.js';
import { audit_entity_profile_report } from '@/paraglide/messages/audit_entity_profile_report.js';
import { audit_entity_section_item } from '@/paraglide/messages/audit_entity_section_item.js';
import { audit_entity_settings } from '@/paraglide/messages/audit_entity_settings.js';
import { audit_entity_upload } from '@/paraglide/messages/audit_entity_upload.js';
import { audit_entity_user } from '@/paraglide/messages/audit_entity_user.js';
import { audit_entry } from '@/paraglide/messages/audit_entry.js';
import { audit_list_label } from '@/paraglide/messages/audit_list_label.js';
import { audit_search } from '@/paraglide/messages/audit_search.js';
import { audit_search_hint } from '@/paraglide/messages/audit_search_hint.js';
import { audit_title } from '@/paraglide/messages/audit_title.js';
import { audit_what } from '@/paraglide/messages/audit_what.js';

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

// Each word is read when shown, through a function: its module may be in the route's chunk, which runs after this one.
/** The actions and the things changed, as staff read them; a code not named here is shown as it is. */
const actionLabels: Record<string, () => string> = {
  create: () => audit_action_create(),
  update: () => audit_action_update(),
  delete: () => audit_action_delete(),
  hide: () => audit_action_hide(),
  transition: () => audit_action_transition(),
  upload: () => audit_action_upload(),
  retry: () => audit_action_retry(),
  publish: () => audit_action_publish(),
  unpublish: () => audit_action_unpublish(),
  dismiss: () => audit_action_dismiss(),
  verify: () => audit_action_verify(),
  refuse: () => audit_action_refuse(),
  approve: () => audit_action_approve(),
};
const entityLabels: Record<string, () => string> = {
  banner: () => audit_entity_banner(),
  insider: () => audit_entity_insider(),
  section_item: () => audit_entity_section_item(),
  product: () => audit_entity_product(),
  coupon: () => audit_entity_coupon(),
  order: () => audit_entity_order(),
  message: () => audit_entity_message(),
  user: () => audit_entity_user(),
  settings: () => audit_entity_settings(),
  upload: () => audit_entity_upload(),
  mail: () => audit_entity_mail(),
  profile: () => audit_entity_profile(),
  profile_report: () => audit_entity_profile_report(),
  casting_call: () => audit_entity_casting_call(),
  call_reports: () => audit_entity_call_reports(),
};

/** What staff typed, as the log's code: a kind's name in the page's language ("ऑर्डर") is its code ("order"). */
function entityCode(typed: string | undefined): string | undefined {
  if (!typed) return typed;
  const wanted = typed.trim().toLocaleLowerCase();
  const named = Object.entries(entityLabels).find(([, label]) => label().toLocaleLowerCase() === wanted);
  return named ? named[0] : typed;
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
    <AdminPage title={audit_title()}>
      <SearchForm
        label={audit_search()}
        description={audit_search_hint()}
        value={filters.entity}
        onSearch={(entity) => onChange({ ...filters, entity: entityCode(entity), page: 1 })}
      />
      <ListStates query={query} what={audit_what()} isEmpty={(data) => data.data.length === 0} empty={audit_empty()}>
        {(data) => (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={audit_list_label()}>
            {data.data.map((entry) => (
              <Card key={entry.id} component="li" withBorder padding="sm">
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>
                    {audit_entry({
                      action: actionLabels[entry.action]?.() ?? entry.action,
                      entity: entityLabels[entry.entity]?.() ?? entry.entity,
                      id: entry.entity_id ? ` ${entry.entity_id}` : '',
                    })}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {formatDateTime(entry.at)} · {entry.actor_name ?? audit_deleted_account()}
                  </Text>
                </Group>
                <Values label={audit_before()} value={entry.before} />
                <Values label={audit_after()} value={entry.after} />
              </Card>
            ))}
          </Stack>
        )}
      </ListStates>
      <PageNav total={pages} value={filters.page} onChange={(page) => onChange({ ...filters, page })} />
    </AdminPage>
  );
}

import { Anchor, Badge, Button, Card, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import { moderationCountsSchema, type ModerationCounts } from '@/contract/moderation';
import { moderationQueueResponseSchema, type ModerationItem } from '@/contract/profiles';
import { messageResponseSchema } from '@/contract/user';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { focusFirstError } from '@/lib/form-errors';
import { listQuery } from '@/lib/list-query';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime } from '@/lib/money';
import { CallQueue } from './call-queue';
import { ModerationHistory } from './moderation-history';
import { moderation_approve } from '@/paraglide/messages/moderation_approve.js';
import { moderation_badge_held } from '@/paraglide/messages/moderation_badge_held.js';
import { moderation_badge_report } from '@/paraglide/messages/moderation_badge_report.js';
import { moderation_badge_request } from '@/paraglide/messages/moderation_badge_request.js';
import { moderation_dismiss_report } from '@/paraglide/messages/moderation_dismiss_report.js';
import { moderation_empty_kind } from '@/paraglide/messages/moderation_empty_kind.js';
import { moderation_empty_profiles } from '@/paraglide/messages/moderation_empty_profiles.js';
import { moderation_held } from '@/paraglide/messages/moderation_held.js';
import { moderation_hide } from '@/paraglide/messages/moderation_hide.js';
import { moderation_not_sent } from '@/paraglide/messages/moderation_not_sent.js';
import { moderation_placeholder_held } from '@/paraglide/messages/moderation_placeholder_held.js';
import { moderation_placeholder_report } from '@/paraglide/messages/moderation_placeholder_report.js';
import { moderation_placeholder_request } from '@/paraglide/messages/moderation_placeholder_request.js';
import { moderation_queue_label } from '@/paraglide/messages/moderation_queue_label.js';
import { moderation_queue_what } from '@/paraglide/messages/moderation_queue_what.js';
import { moderation_reason_held } from '@/paraglide/messages/moderation_reason_held.js';
import { moderation_reason_report } from '@/paraglide/messages/moderation_reason_report.js';
import { moderation_reason_request } from '@/paraglide/messages/moderation_reason_request.js';
import { moderation_refuse } from '@/paraglide/messages/moderation_refuse.js';
import { moderation_report_fake } from '@/paraglide/messages/moderation_report_fake.js';
import { moderation_report_impersonation } from '@/paraglide/messages/moderation_report_impersonation.js';
import { moderation_report_inappropriate } from '@/paraglide/messages/moderation_report_inappropriate.js';
import { moderation_section_profiles } from '@/paraglide/messages/moderation_section_profiles.js';
import { moderation_tab_all } from '@/paraglide/messages/moderation_tab_all.js';
import { moderation_tab_calls } from '@/paraglide/messages/moderation_tab_calls.js';
import { moderation_tab_held } from '@/paraglide/messages/moderation_tab_held.js';
import { moderation_tab_history } from '@/paraglide/messages/moderation_tab_history.js';
import { moderation_tab_report } from '@/paraglide/messages/moderation_tab_report.js';
import { moderation_tab_reported_calls } from '@/paraglide/messages/moderation_tab_reported_calls.js';
import { moderation_tab_verification } from '@/paraglide/messages/moderation_tab_verification.js';
import { moderation_tabs_label } from '@/paraglide/messages/moderation_tabs_label.js';
import { moderation_title } from '@/paraglide/messages/moderation_title.js';
import { moderation_verified } from '@/paraglide/messages/moderation_verified.js';
import { moderation_verify } from '@/paraglide/messages/moderation_verify.js';
import { directory_category_artist } from '@/paraglide/messages/directory_category_artist.js';
import { directory_category_course } from '@/paraglide/messages/directory_category_course.js';
import { directory_category_production_house } from '@/paraglide/messages/directory_category_production_house.js';
import { directory_category_shooting_location } from '@/paraglide/messages/directory_category_shooting_location.js';
import { directory_category_studio } from '@/paraglide/messages/directory_category_studio.js';
import { directory_category_theatre } from '@/paraglide/messages/directory_category_theatre.js';
import { directory_category_union } from '@/paraglide/messages/directory_category_union.js';
import { directory_category_vendor } from '@/paraglide/messages/directory_category_vendor.js';

const ITEMS_PER_PAGE = 20;

export type ModerationKind = 'verification' | 'report' | 'held' | 'calls' | 'reported-calls' | 'history';

export interface ModerationFilters {
  page: number;
  kind?: ModerationKind;
}

type Decision = 'verify' | 'refuse' | 'hide' | 'approve' | 'dismiss';

// Each word is read when shown, through a function: its module may be in the route's chunk, which runs after this one.
/** The queue's tabs, each with the count it shows (none for the history). */
const tabs: { value: 'all' | ModerationKind; label: () => string; count?: keyof ModerationCounts }[] = [
  { value: 'all', label: () => moderation_tab_all(), count: 'all' },
  { value: 'verification', label: () => moderation_tab_verification(), count: 'verification' },
  { value: 'report', label: () => moderation_tab_report(), count: 'report' },
  { value: 'held', label: () => moderation_tab_held(), count: 'held' },
  { value: 'calls', label: () => moderation_tab_calls(), count: 'calls' },
  { value: 'reported-calls', label: () => moderation_tab_reported_calls(), count: 'reported_calls' },
  { value: 'history', label: () => moderation_tab_history() },
];

const reportReasonLabels: Record<string, () => string> = {
  fake: () => moderation_report_fake(),
  impersonation: () => moderation_report_impersonation(),
  inappropriate: () => moderation_report_inappropriate(),
};

/** A profile's directory category as the directory names it in the page's language; another is shown as it is. */
const categoryLabels: Record<string, () => string> = {
  Artist: () => directory_category_artist(),
  Union: () => directory_category_union(),
  Vendor: () => directory_category_vendor(),
  'Production House': () => directory_category_production_house(),
  Studio: () => directory_category_studio(),
  'Shooting Location': () => directory_category_shooting_location(),
  Course: () => directory_category_course(),
  Theatre: () => directory_category_theatre(),
};

function QueueItem({ item }: { item: ModerationItem }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      adminRequest(
        decision === 'dismiss'
          ? `/moderation/reports/${item.id}/dismiss`
          : `/moderation/profiles/${encodeURIComponent(item.handle)}/${decision}`,
        {
          method: 'POST',
          body: { reason },
          idempotencyKey: newIdempotencyKey(),
          schema: messageResponseSchema,
        },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.area('moderation') }),
  });
  const error = decide.error instanceof ApiError ? decide.error.message : decide.error ? moderation_not_sent() : null;
  const isRequest = item.kind === 'verification';
  const isHeld = item.kind === 'held';
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Group gap="xs">
            <Badge color={isRequest ? 'blue' : isHeld ? 'yellow' : 'red'} variant="light">
              {isRequest ? moderation_badge_request() : isHeld ? moderation_badge_held() : moderation_badge_report()}
            </Badge>
            {item.verified ? (
              <Badge color="teal.9" variant="filled">
                {moderation_verified()}
              </Badge>
            ) : null}
          </Group>
          <Anchor
            fw={600}
            renderRoot={(props) => (
              <Link {...props} to="/profiles/$handle" params={{ handle: item.handle }} target="_blank" />
            )}
          >
            {item.display_name}
          </Anchor>{' '}
          <Text span size="sm" c="dimmed">
            @{item.handle} · {categoryLabels[item.category]?.() ?? item.category}
          </Text>
          <Text fz="xs" c="dimmed">
            {formatDateTime(item.created_at)}
          </Text>
        </div>
      </Group>
      {item.reason ? <Text mt="xs">{reportReasonLabels[item.reason]?.() ?? item.reason}</Text> : null}
      {item.details ? (
        <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {isHeld ? <strong>{moderation_held()}</strong> : null}
          {item.details}
        </Text>
      ) : null}
      <form
        ref={focusFirstError}
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <TextInput
          mt="sm"
          label={
            isRequest ? moderation_reason_request() : isHeld ? moderation_reason_held() : moderation_reason_report()
          }
          placeholder={
            isRequest
              ? moderation_placeholder_request()
              : isHeld
                ? moderation_placeholder_held()
                : moderation_placeholder_report()
          }
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
        />
        <Group gap="xs" mt="xs">
          {isRequest ? (
            <>
              <Button
                size="xs"
                loading={decide.isPending && decide.variables === 'verify'}
                onClick={() => decide.mutate('verify')}
              >
                {moderation_verify()}
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={decide.isPending && decide.variables === 'refuse'}
                onClick={() => decide.mutate('refuse')}
              >
                {moderation_refuse()}
              </Button>
            </>
          ) : null}
          {isHeld ? (
            <Button
              size="xs"
              loading={decide.isPending && decide.variables === 'approve'}
              onClick={() => decide.mutate('approve')}
            >
              {moderation_approve()}
            </Button>
          ) : null}
          {item.kind === 'report' ? (
            <Button
              size="xs"
              variant="default"
              loading={decide.isPending && decide.variables === 'dismiss'}
              onClick={() => decide.mutate('dismiss')}
            >
              {moderation_dismiss_report()}
            </Button>
          ) : null}
          <Button
            size="xs"
            color="red"
            variant={item.kind === 'report' ? 'filled' : 'subtle'}
            loading={decide.isPending && decide.variables === 'hide'}
            onClick={() => decide.mutate('hide')}
          >
            {moderation_hide()}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** The profiles part of the queue: requests, reports and held organisations of `kind` (all of them without one). */
function ProfileQueue({
  filters,
  onChange,
}: {
  filters: ModerationFilters;
  onChange: (next: ModerationFilters) => void;
}) {
  const query = useQuery({
    queryKey: adminKeys.list('moderation', filters),
    queryFn: ({ signal }) =>
      adminRequest(`/moderation/queue${listQuery({ ...filters, per_page: ITEMS_PER_PAGE })}`, {
        schema: moderationQueueResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / ITEMS_PER_PAGE) : 0;
  return (
    <>
      <ListStates
        query={query}
        what={moderation_queue_what()}
        isEmpty={(data) => data.data.length === 0}
        empty={filters.kind ? moderation_empty_kind() : moderation_empty_profiles()}
      >
        {(data) => (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={moderation_queue_label()}
          >
            {data.data.map((item) => (
              <QueueItem key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </Stack>
        )}
      </ListStates>
      <PageNav total={pages} value={filters.page} onChange={(page) => onChange({ ...filters, page })} />
    </>
  );
}

/**
 * The member network's queue: verification requests, reports, held organisations and casting calls, oldest first,
 * each decided with a reason; each tab shows how many wait in it, and the history shows what was decided and why.
 */
export function ModerationPage({
  filters,
  onChange,
}: {
  filters: ModerationFilters;
  onChange: (next: ModerationFilters) => void;
}) {
  const counts = useQuery({
    queryKey: adminKeys.list('moderation', { counts: true }),
    queryFn: ({ signal }) => adminRequest('/moderation/counts', { schema: moderationCountsSchema, signal }),
  });
  const kind = filters.kind;
  return (
    <AdminPage title={moderation_title()}>
      {/* The tabs wrap onto a second line on a phone rather than run off its edge. */}
      <Tabs
        variant="pills"
        value={kind ?? 'all'}
        onChange={(value) =>
          onChange({ page: 1, kind: value === 'all' || !value ? undefined : (value as ModerationKind) })
        }
        mb="md"
      >
        <Tabs.List aria-label={moderation_tabs_label()} style={{ flexWrap: 'wrap', rowGap: 4 }}>
          {tabs.map((tab) => {
            const count = tab.count && counts.data ? counts.data[tab.count] : undefined;
            return (
              <Tabs.Tab
                key={tab.value}
                value={tab.value}
                rightSection={
                  count === undefined ? null : (
                    <Badge
                      size="sm"
                      variant={count > 0 ? 'filled' : 'light'}
                      color={count > 0 ? 'red' : 'gray'}
                      circle={count < 10}
                    >
                      {count}
                    </Badge>
                  )
                }
              >
                {tab.label()}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      {kind === 'history' ? (
        <ModerationHistory page={filters.page} onPage={(page) => onChange({ ...filters, page })} />
      ) : kind === 'calls' || kind === 'reported-calls' ? (
        <CallQueue
          queue={kind === 'calls' ? 'pending' : 'reported'}
          page={filters.page}
          onPage={(page) => onChange({ ...filters, page })}
        />
      ) : kind ? (
        <ProfileQueue filters={filters} onChange={onChange} />
      ) : (
        // Everything that waits: the profiles' part, then the casting calls', each paged on its own.
        <Stack gap="lg">
          <section aria-labelledby="queue-profiles">
            <Title order={2} size="h4" mb="xs" id="queue-profiles">
              {moderation_section_profiles()}
            </Title>
            <ProfileQueue filters={filters} onChange={onChange} />
          </section>
          <section aria-labelledby="queue-calls">
            <Title order={2} size="h4" mb="xs" id="queue-calls">
              {moderation_tab_calls()}
            </Title>
            <CallQueue queue="pending" page={1} onPage={() => onChange({ page: 1, kind: 'calls' })} />
          </section>
          <section aria-labelledby="queue-reported-calls">
            <Title order={2} size="h4" mb="xs" id="queue-reported-calls">
              {moderation_tab_reported_calls()}
            </Title>
            <CallQueue queue="reported" page={1} onPage={() => onChange({ page: 1, kind: 'reported-calls' })} />
          </section>
        </Stack>
      )}
    </AdminPage>
  );
}

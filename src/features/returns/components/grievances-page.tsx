import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { LoadError, LoadingState } from '@/components/query-states';
import type { GrievanceOfficer, GrievanceTicket } from '@/contract/returns';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime } from '@/lib/money';
import { grievancesQuery, staffOfficerQuery, useAnswerGrievance, useSaveOfficer } from '../api/returns';
import { grievanceKindLabel } from './return-words';
import { grv_ack_by } from '@/paraglide/messages/grv_ack_by.js';
import { grv_acked } from '@/paraglide/messages/grv_acked.js';
import { grv_acknowledge } from '@/paraglide/messages/grv_acknowledge.js';
import { grv_answer_label } from '@/paraglide/messages/grv_answer_label.js';
import { grv_list_intro } from '@/paraglide/messages/grv_list_intro.js';
import { grv_list_title } from '@/paraglide/messages/grv_list_title.js';
import { grv_load_failed } from '@/paraglide/messages/grv_load_failed.js';
import { grv_loading } from '@/paraglide/messages/grv_loading.js';
import { grv_move_failed } from '@/paraglide/messages/grv_move_failed.js';
import { grv_none } from '@/paraglide/messages/grv_none.js';
import { grv_officer_address } from '@/paraglide/messages/grv_officer_address.js';
import { grv_officer_designation } from '@/paraglide/messages/grv_officer_designation.js';
import { grv_officer_email } from '@/paraglide/messages/grv_officer_email.js';
import { grv_officer_name } from '@/paraglide/messages/grv_officer_name.js';
import { grv_officer_phone } from '@/paraglide/messages/grv_officer_phone.js';
import { grv_officer_save } from '@/paraglide/messages/grv_officer_save.js';
import { grv_officer_saved } from '@/paraglide/messages/grv_officer_saved.js';
import { grv_officer_title } from '@/paraglide/messages/grv_officer_title.js';
import { grv_open_order } from '@/paraglide/messages/grv_open_order.js';
import { grv_overdue } from '@/paraglide/messages/grv_overdue.js';
import { grv_received_at } from '@/paraglide/messages/grv_received_at.js';
import { grv_resolve } from '@/paraglide/messages/grv_resolve.js';
import { grv_resolve_by } from '@/paraglide/messages/grv_resolve_by.js';
import { grv_resolved_at } from '@/paraglide/messages/grv_resolved_at.js';

/**
 * Complaints in the back office, the one due first at the top, each with its clocks (Consumer Protection (E-Commerce)
 * Rules 2020: acknowledged within 48 hours, resolved within a month), and the grievance officer the site names.
 */
export function GrievancesPage() {
  const query = useQuery(grievancesQuery());
  return (
    <AdminPage title={grv_list_title()}>
      <Text fz="sm">{grv_list_intro()}</Text>
      {query.isPending ? (
        <LoadingState label={grv_loading()} />
      ) : query.isError ? (
        <LoadError
          title={grv_load_failed()}
          error={query.error}
          what="grievances"
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{grv_none()}</Text>
      ) : (
        <Stack
          gap="sm"
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={grv_list_title()}
        >
          {query.data.map((ticket) => (
            <li key={`${ticket.id}-${ticket.acknowledged_at ?? ''}-${ticket.resolved_at ?? ''}`}>
              <TicketCard ticket={ticket} />
            </li>
          ))}
        </Stack>
      )}
      <OfficerSettings />
    </AdminPage>
  );
}

function Clock({ label, due, done }: { label: string; due: string; done: string | null }) {
  // When the page was opened: a clock passed meanwhile shows at the next visit.
  const [openedAt] = useState(() => Date.now());
  const overdue = !done && new Date(due).getTime() < openedAt;
  return (
    <Group gap={6} wrap="wrap">
      <Text fz="sm" c={done ? 'dimmed' : undefined}>
        {label}
      </Text>
      {overdue ? (
        <Badge color="red" variant="light">
          {grv_overdue()}
        </Badge>
      ) : null}
    </Group>
  );
}

function TicketCard({ ticket }: { ticket: GrievanceTicket }) {
  const answer = useAnswerGrievance();
  const key = useRef(newIdempotencyKey());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const step = ticket.resolved_at ? null : ticket.acknowledged_at ? 'resolve' : 'acknowledge';
  return (
    <Card withBorder padding="sm" component="article" aria-label={ticket.number} data-testid="grievance">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700}>{ticket.number}</Text>
        <Badge variant="light">{grievanceKindLabel(ticket.kind)}</Badge>
      </Group>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {ticket.name}
        {ticket.email ? ` · ${ticket.email}` : ''}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {ticket.subject}
      </Text>
      {ticket.order_id ? (
        <Link
          to="/admin/orders/$orderId"
          params={{ orderId: ticket.order_id }}
          style={{ fontSize: 'var(--mantine-font-size-sm)' }}
        >
          {grv_open_order({ id: ticket.order_id })}
        </Link>
      ) : null}
      <Text fz="xs" c="dimmed">
        {grv_received_at({ time: formatDateTime(ticket.created_at) })}
      </Text>
      <Clock
        label={
          ticket.acknowledged_at
            ? grv_acked({ time: formatDateTime(ticket.acknowledged_at) })
            : grv_ack_by({ time: formatDateTime(ticket.acknowledge_by) })
        }
        due={ticket.acknowledge_by}
        done={ticket.acknowledged_at}
      />
      <Clock
        label={
          ticket.resolved_at
            ? grv_resolved_at({ time: formatDateTime(ticket.resolved_at) })
            : grv_resolve_by({ time: formatDateTime(ticket.resolve_by) })
        }
        due={ticket.resolve_by}
        done={ticket.resolved_at}
      />
      {ticket.acknowledgement ? <Text fz="sm">{ticket.acknowledgement}</Text> : null}
      {ticket.resolution && ticket.resolution !== ticket.acknowledgement ? (
        <Text fz="sm">{ticket.resolution}</Text>
      ) : null}
      {step ? (
        <Stack gap={6} mt="xs">
          <Textarea
            label={grv_answer_label()}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            autosize
            minRows={1}
            error={error}
          />
          <Group gap="xs">
            <Button
              size="xs"
              loading={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { id: ticket.id, step, note, key: key.current },
                  {
                    onError: (failure) => setError(failure instanceof ApiError ? failure.message : grv_move_failed()),
                  },
                )
              }
            >
              {step === 'acknowledge' ? grv_acknowledge() : grv_resolve()}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}

function OfficerSettings() {
  const query = useQuery(staffOfficerQuery());
  if (!query.data) return null;
  return <OfficerForm key={JSON.stringify(query.data)} officer={query.data} />;
}

function OfficerForm({ officer }: { officer: GrievanceOfficer }) {
  const save = useSaveOfficer();
  const [values, setValues] = useState(officer);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const field = (name: keyof GrievanceOfficer, label: string) => ({
    label,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: error?.field === name ? error.message : undefined,
  });
  return (
    <Card withBorder padding="md" component="section" aria-label={grv_officer_title()}>
      <Title order={2} fz="h5" mb="sm">
        {grv_officer_title()}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          setSaved(false);
          save.mutate(
            { officer: values, key: newIdempotencyKey() },
            {
              onSuccess: () => setSaved(true),
              onError: (failure) =>
                setError(
                  failure instanceof ApiError
                    ? { field: failure.field, message: failure.message }
                    : { message: grv_move_failed() },
                ),
            },
          );
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput {...field('name', grv_officer_name())} />
          <TextInput {...field('designation', grv_officer_designation())} />
          <TextInput {...field('phone', grv_officer_phone())} />
          <TextInput type="email" {...field('email', grv_officer_email())} />
        </SimpleGrid>
        <Textarea mt="sm" autosize minRows={2} {...field('address', grv_officer_address())} />
        {error && !error.field ? (
          <Alert color="red" variant="light" mt="sm" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <Group mt="sm">
          <Button type="submit" loading={save.isPending}>
            {grv_officer_save()}
          </Button>
          {saved ? (
            <Text fz="sm" role="status">
              {grv_officer_saved()}
            </Text>
          ) : null}
        </Group>
      </form>
    </Card>
  );
}

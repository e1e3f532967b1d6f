import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState, PageNav } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import {
  allowedTransitions,
  applicationStatuses,
  DECISION_UNDO_SECONDS,
  type Applicant,
  type CastingCall,
} from '@/contract/casting';
import { ApiError } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';
import type { ApplicantSearch } from '@/lib/search-params';
import {
  useBulkTransition,
  useCloseRole,
  usePosterNote,
  useTransition,
  useUndoDecisions,
} from '../api/casting-mutations';
import {
  APPLICANTS_PER_PAGE,
  applicantsQueryOptions,
  callQueryOptions,
  downloadApplicantsCsv,
} from '../api/casting-queries';
import { formatIndiaTime, statusColors, statusLabels } from './casting-labels';
import classes from './casting.module.css';
import { GuardianThread } from './guardian-thread';

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : error ? 'You are offline: try again when connected.' : null;

function CallbackDialog({ applicant, onClose }: { applicant: Applicant; onClose: () => void }) {
  const transition = useTransition();
  const [at, setAt] = useState('');
  const [place, setPlace] = useState('');
  const error = transition.error instanceof ApiError ? transition.error : null;
  return (
    <Modal opened onClose={onClose} title={`Callback for ${applicant.applicant.display_name}`} centered>
      <form
        ref={focusFirstError}
        onSubmit={(event) => {
          event.preventDefault();
          transition.mutate(
            { id: applicant.id, to: 'callback', callback_at: at, callback_place: place },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack>
          <TextInput
            label="Date and time (India time)"
            type="datetime-local"
            value={at}
            onChange={(event) => setAt(event.currentTarget.value)}
            error={error?.field === 'callback_at' ? error.message : null}
            required
          />
          <TextInput
            label="Place"
            value={place}
            onChange={(event) => setPlace(event.currentTarget.value)}
            error={error?.field === 'callback_place' ? error.message : null}
            required
          />
          {transition.error && !error?.field ? (
            <Text c="red" size="sm" role="alert">
              {errorText(transition.error)}
            </Text>
          ) : null}
          <Button type="submit" loading={transition.isPending}>
            Send callback
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/** The moves the poster is asked to confirm: each tells the applicants, 10 s later unless undone. */
type Decision = 'shortlisted' | 'selected' | 'not_selected';

/** A decision the poster is asked to confirm: on whom (`who` names them), and where to. */
interface DecisionAsked {
  ids: number[];
  to: Decision;
  who: string;
}

const offBriefText: Record<Applicant['off_brief'][number], string> = { gender: 'gender', age: 'playing age' };

/** What the confirmation says and its button, for one applicant (`who`) or several. */
function decisionWords({ ids, to, who }: DecisionAsked) {
  const them = ids.length === 1 ? who : `these ${ids.length} applicants`;
  return {
    title:
      to === 'selected' ? `Select ${who}?` : to === 'not_selected' ? `Mark ${who} not selected?` : `Shortlist ${who}?`,
    confirm: to === 'selected' ? 'Select' : to === 'not_selected' ? 'Mark not selected' : 'Shortlist',
    body: `${them.charAt(0).toUpperCase()}${them.slice(1)} ${ids.length === 1 ? 'is' : 'are'} told by notice and email ${DECISION_UNDO_SECONDS} seconds after you confirm. Until then you can undo it, and nobody is told.`,
    done: `${who}: ${to === 'selected' ? 'selected' : to === 'not_selected' ? 'not selected' : 'shortlisted'}.`,
  };
}

function ConfirmDecision({
  asked,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  asked: DecisionAsked;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const words = decisionWords(asked);
  return (
    <Modal opened onClose={onCancel} title={words.title} centered>
      <Stack>
        <Text size="sm">{words.body}</Text>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {errorText(error)}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            color={asked.to === 'not_selected' ? 'red.9' : asked.to === 'selected' ? 'teal.9' : undefined}
            loading={pending}
            onClick={onConfirm}
            data-autofocus
          >
            {words.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Seconds left until `until` (ms), counted down each second; 0 once passed. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  // Until the first tick, `now` may be older than the decision: never more than the whole wait.
  return until === null ? 0 : Math.min(DECISION_UNDO_SECONDS, Math.max(0, Math.ceil((until - now) / 1000)));
}

function ApplicantCard({
  applicant,
  roleName,
  selected,
  onSelect,
  onDecide,
}: {
  applicant: Applicant;
  roleName: string;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  /** Select or Not selected: asked first by the page. */
  onDecide: (to: 'selected' | 'not_selected') => void;
}) {
  const transition = useTransition();
  const posterNote = usePosterNote();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState(applicant.poster_note);
  const [callback, setCallback] = useState(false);
  const person = applicant.applicant;
  const allowed = allowedTransitions[applicant.status];
  const move = (to: 'shortlisted') => transition.mutate({ id: applicant.id, to });
  return (
    <article className={classes.applicant} aria-label={person.display_name}>
      <Checkbox
        aria-label={`Choose ${person.display_name}`}
        checked={selected}
        onChange={(event) => onSelect(event.currentTarget.checked)}
        disabled={allowed.length === 0}
      />
      {person.photo ? (
        <ResponsiveImage
          className={classes.applicantPhoto}
          src={person.photo}
          sizes="72px"
          alt={`Photo of ${person.display_name}`}
          width={72}
          height={72}
          loading="lazy"
        />
      ) : (
        <span className={classes.applicantPhoto} aria-hidden />
      )}
      <div>
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Group gap={6}>
              {person.minor ? (
                // A minor's profile has no page to open: what the poster may see is here.
                <Text fw={600}>{person.display_name}</Text>
              ) : (
                <Anchor
                  renderRoot={(props) => <Link {...props} to="/profiles/$handle" params={{ handle: person.handle }} />}
                  fw={600}
                >
                  {person.display_name}
                </Anchor>
              )}
              {person.minor ? (
                <Badge color="grape.9" variant="light" size="xs">
                  Under 18
                </Badge>
              ) : null}
              {person.verified ? (
                <Badge color="teal.9" variant="filled" size="xs">
                  Verified
                </Badge>
              ) : null}
            </Group>
            {applicant.off_brief.length > 0 ? (
              <Text size="sm" fw={600} c="var(--cv-warning-text)" data-testid="off-brief">
                Off the brief: {applicant.off_brief.map((what) => offBriefText[what]).join(' and ')}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              {[
                roleName,
                person.playing_age_min !== null ? `plays ${person.playing_age_min}–${person.playing_age_max}` : null,
                person.languages.join(', '),
                person.city,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
          <Badge color={statusColors[applicant.status]} data-testid="applicant-status">
            {statusLabels[applicant.status]}
          </Badge>
        </Group>
        {applicant.callback ? (
          <Text size="sm" mt={4}>
            Callback {formatIndiaTime(applicant.callback.at)} at {applicant.callback.place}
            {applicant.callback.answer ? ` (${applicant.callback.answer})` : ' (no answer yet)'}
          </Text>
        ) : null}
        <Button
          size="compact-sm"
          variant="subtle"
          mt={4}
          aria-expanded={open}
          onClick={() => {
            setOpen(!open);
            // The applicant learns that the poster has opened their application.
            if (!open && applicant.status === 'submitted') transition.mutate({ id: applicant.id, to: 'viewed' });
          }}
        >
          {open ? 'Hide application' : 'Open application'}
        </Button>
        {open ? (
          <Stack gap="xs" mt="xs">
            {applicant.note ? (
              <Text size="sm">“{applicant.note}”</Text>
            ) : (
              <Text size="sm" c="dimmed">
                No note.
              </Text>
            )}
            {applicant.reel ? (
              <Anchor href={applicant.reel} target="_blank" rel="noopener noreferrer" size="sm">
                Reel
              </Anchor>
            ) : null}
            {applicant.self_tape_url ? (
              <Anchor href={applicant.self_tape_url} target="_blank" rel="noopener noreferrer" size="sm">
                Self-tape
              </Anchor>
            ) : null}
            {applicant.photos.length > 1 ? (
              <Group gap="xs">
                {applicant.photos.map((photo, index) => (
                  <ResponsiveImage
                    key={photo}
                    className={classes.photoChoice}
                    src={photo}
                    sizes="72px"
                    alt={`${person.display_name}, photo ${index + 1}`}
                    width={72}
                    height={72}
                    loading="lazy"
                  />
                ))}
              </Group>
            ) : null}
            <Textarea
              label="Private note (only you see it)"
              autosize
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              onBlur={() => {
                if (note !== applicant.poster_note) posterNote.mutate({ id: applicant.id, note });
              }}
              description={posterNote.isSuccess ? 'Saved' : undefined}
              error={errorText(posterNote.error)}
            />
            {person.minor ? <GuardianThread applicationId={applicant.id} name={person.display_name} /> : null}
          </Stack>
        ) : null}
        {allowed.length > 0 ? (
          <Group gap="xs" mt="xs">
            {allowed.includes('shortlisted') ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => move('shortlisted')}
                loading={transition.isPending && transition.variables?.to === 'shortlisted'}
              >
                Shortlist
              </Button>
            ) : null}
            {allowed.includes('callback') ? (
              <Button size="xs" variant="light" color="orange" onClick={() => setCallback(true)}>
                Callback
              </Button>
            ) : null}
            <Button size="xs" color="teal.9" onClick={() => onDecide('selected')}>
              Select
            </Button>
            <Button size="xs" variant="subtle" color="red.9" onClick={() => onDecide('not_selected')}>
              Not selected
            </Button>
          </Group>
        ) : null}
        {transition.error ? (
          <Text size="sm" c="red" role="alert" mt={4}>
            {errorText(transition.error)}
          </Text>
        ) : null}
      </div>
      {callback ? <CallbackDialog applicant={applicant} onClose={() => setCallback(false)} /> : null}
    </article>
  );
}

function CloseRoleButton({ call, roleId }: { call: CastingCall; roleId: number }) {
  const close = useCloseRole(call.id);
  const [confirming, setConfirming] = useState(false);
  const role = call.roles.find((item) => item.id === roleId);
  if (!role || role.status === 'closed') return null;
  return (
    <>
      <Button variant="light" color="red" size="sm" onClick={() => setConfirming(true)}>
        Close this role
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Close ${role.name}?`} centered>
        <Stack>
          <Text size="sm">
            Everyone you have not selected is told “not selected” at once, and no new application is taken.
          </Text>
          {close.error ? (
            <Text c="red" size="sm" role="alert">
              {errorText(close.error)}
            </Text>
          ) : null}
          <Button
            color="red.9"
            loading={close.isPending}
            onClick={() => close.mutate(roleId, { onSuccess: () => setConfirming(false) })}
          >
            Close the role and tell the rest
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

export interface ApplicantsPageProps {
  callId: number;
  search: ApplicantSearch;
  onSearchChange: (next: ApplicantSearch, replace?: boolean) => void;
}

/** `/me/casting-calls/{id}`: the poster works through a call's applicants, role by role. */
export function ApplicantsPage({ callId, search, onSearchChange }: ApplicantsPageProps) {
  const call = useQuery(callQueryOptions(callId));
  const roleId = search.role ?? call.data?.roles[0]?.id;
  const effective = { ...search, role: roleId };
  const list = useQuery({ ...applicantsQueryOptions(callId, effective), enabled: roleId !== undefined });
  const bulk = useBulkTransition(callId);
  const undo = useUndoDecisions(callId);
  const [chosen, setChosen] = useState<number[]>([]);
  // A decision waiting for its confirmation, and the last one confirmed, undoable until `until` (ms).
  const [asked, setAsked] = useState<DecisionAsked | null>(null);
  const [decided, setDecided] = useState<{ ids: number[]; until: number; text: string } | null>(null);
  const [undone, setUndone] = useState(false);
  const secondsLeft = useSecondsLeft(decided?.until ?? null);
  const undoable = decided !== null && secondsLeft > 0;
  // "Undone" is said for a few seconds, then the bar makes way.
  useEffect(() => {
    if (!undone) return;
    const timer = setTimeout(() => setUndone(false), 5000);
    return () => clearTimeout(timer);
  }, [undone]);
  const [text, setText] = useState({ city: search.city ?? '', language: search.language ?? '' });
  const [exportError, setExportError] = useState<string | null>(null);
  // On a phone the filters fold away behind one button, so that the first applicants show without scrolling.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersShown = [search.status, search.city, search.language, search.sort, search.verified, search.brief].filter(
    (value) => value !== undefined,
  ).length;
  const applyText = useDebouncedCallback((next: typeof text) => {
    onSearchChange(
      { ...search, city: next.city.trim() || undefined, language: next.language.trim() || undefined, page: undefined },
      true,
    );
  }, 300);
  const change = (next: Partial<ApplicantSearch>) => {
    setChosen([]);
    onSearchChange({ ...search, ...next, page: undefined });
  };

  if (!call.data) {
    return (
      <PageContainer>
        {call.isError ? (
          <LoadError
            title="This call could not be loaded"
            what="call"
            error={call.error}
            onRetry={() => void call.refetch()}
          />
        ) : (
          <LoadingState label="Loading the call" />
        )}
      </PageContainer>
    );
  }
  const roles = call.data.roles;
  const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? '';
  const confirm = (decision: DecisionAsked) => {
    // Counted from the press, before the server's own 10 s began: the Undo offered is never one it refuses as late.
    const sent = Date.now();
    bulk.mutate(
      { ids: decision.ids, to: decision.to },
      {
        onSuccess: () => {
          setAsked(null);
          setChosen((current) => current.filter((id) => !decision.ids.includes(id)));
          setUndone(false);
          undo.reset();
          setDecided({
            ids: decision.ids,
            until: sent + DECISION_UNDO_SECONDS * 1000,
            text: decisionWords(decision).done,
          });
        },
      },
    );
  };

  const counts = list.data?.meta.counts ?? {};
  const total = list.data?.meta.total ?? 0;

  return (
    <PageContainer>
      <DocumentTitle page={`Applicants: ${call.data.title}`} />
      <Text size="sm">
        <Anchor component={Link} to="/me/casting-calls">
          My casting calls
        </Anchor>
      </Text>
      <Title order={1} mb="sm">
        {call.data.title}: applicants
      </Title>
      <Group gap="sm" mb="md" align="flex-end">
        <Select
          label="Role"
          data={roles.map((role) => ({
            value: String(role.id),
            label: `${role.name}${role.status === 'closed' ? ' (closed)' : ''}`,
          }))}
          value={roleId === undefined ? null : String(roleId)}
          onChange={(value) => change({ role: value ? Number(value) : undefined })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          hiddenFrom="sm"
          variant="default"
          aria-expanded={filtersOpen}
          aria-controls="applicant-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersShown > 0 ? `Filters and sort (${filtersShown})` : 'Filters and sort'}
        </Button>
      </Group>
      <Group
        id="applicant-filters"
        className={classes.applicantFilters}
        data-open={filtersOpen || undefined}
        gap="sm"
        mb="md"
      >
        <Select
          label="Status"
          placeholder="Every status"
          data={applicationStatuses.map((status) => ({
            value: status,
            label: `${statusLabels[status]} (${counts[status] ?? 0})`,
          }))}
          value={search.status ?? null}
          onChange={(status) => change({ status: status ?? undefined })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="City"
          value={text.city}
          onChange={(event) => {
            const next = { ...text, city: event.currentTarget.value };
            setText(next);
            applyText(next);
          }}
        />
        <TextInput
          label="Language"
          value={text.language}
          onChange={(event) => {
            const next = { ...text, language: event.currentTarget.value };
            setText(next);
            applyText(next);
          }}
        />
        <Select
          label="Sort"
          data={[
            { value: 'newest', label: 'Newest first' },
            { value: 'oldest', label: 'Oldest first' },
            { value: 'name', label: 'By name' },
          ]}
          value={search.sort ?? 'newest'}
          onChange={(sort) => change({ sort: sort && sort !== 'newest' ? sort : undefined })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Brief"
          data={[
            { value: 'off', label: 'Off the brief' },
            { value: 'on', label: 'On the brief' },
          ]}
          placeholder="Everyone"
          value={search.brief ?? null}
          onChange={(brief) => change({ brief: brief ?? undefined })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          label="Verified only"
          mt={24}
          checked={search.verified === 'true'}
          onChange={(event) => change({ verified: event.currentTarget.checked ? 'true' : undefined })}
        />
      </Group>
      <Group gap="sm" mb="md">
        <Button
          variant="light"
          size="sm"
          onClick={() => {
            setExportError(null);
            downloadApplicantsCsv(call.data, effective).catch(() =>
              setExportError('The list could not be exported: try again when connected.'),
            );
          }}
        >
          Export CSV
        </Button>
        {roleId !== undefined ? <CloseRoleButton call={call.data} roleId={roleId} /> : null}
        <Button
          variant="subtle"
          size="sm"
          renderRoot={(props) => (
            <Link {...props} to="/me/casting-calls/$callId/edit" params={{ callId: String(callId) }} />
          )}
        >
          Edit call
        </Button>
      </Group>
      {exportError ? (
        <Alert color="red" variant="light" mb="sm">
          {exportError}
        </Alert>
      ) : null}
      {list.isPending ? <LoadingState label="Loading applicants" /> : null}
      {list.isError && !list.data ? (
        <LoadError
          title="The applicants could not be loaded"
          what="list"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data ? (
        <>
          <Text size="sm" c="dimmed" mb="sm" role="status">
            {total === 1 ? '1 applicant' : `${total} applicants`}
          </Text>
          <Stack gap="sm" aria-busy={list.isFetching}>
            {list.data.data.map((applicant) => (
              <ApplicantCard
                key={applicant.id}
                applicant={applicant}
                roleName={roleName(applicant.role_id)}
                selected={chosen.includes(applicant.id)}
                onSelect={(checked) =>
                  setChosen((current) =>
                    checked ? [...current, applicant.id] : current.filter((id) => id !== applicant.id),
                  )
                }
                onDecide={(to) => {
                  bulk.reset();
                  setAsked({ ids: [applicant.id], to, who: applicant.applicant.display_name });
                }}
              />
            ))}
          </Stack>
          {chosen.length > 0 || undoable || undone || undo.error ? (
            // Under the list and stuck to the bottom of the screen while the poster scrolls through it.
            <div className={classes.decisionBar}>
              {undoable || undo.error ? (
                <Group gap="xs" justify="space-between" wrap="nowrap" role="status" aria-label="Decision">
                  <Text size="sm" miw={0}>
                    {undo.error ? errorText(undo.error) : `${decided!.text} Told in ${secondsLeft} s.`}
                  </Text>
                  {undoable ? (
                    <Button
                      size="xs"
                      variant="filled"
                      color="dark"
                      flex="none"
                      loading={undo.isPending}
                      onClick={() =>
                        undo.mutate(decided!.ids, {
                          onSuccess: () => {
                            setDecided(null);
                            setUndone(true);
                          },
                        })
                      }
                    >
                      Undo
                    </Button>
                  ) : null}
                </Group>
              ) : undone ? (
                <Text size="sm" role="status">
                  Undone: nobody was told.
                </Text>
              ) : null}
              {chosen.length > 0 ? (
                <Group gap="xs" role="group" aria-label="With the chosen applicants">
                  <Text size="sm">{chosen.length} chosen:</Text>
                  {(['shortlisted', 'selected', 'not_selected'] as const).map((to) => (
                    <Button
                      key={to}
                      size="xs"
                      variant={to === 'selected' ? 'filled' : 'light'}
                      color={to === 'not_selected' ? 'red' : to === 'selected' ? 'teal.9' : undefined}
                      onClick={() => {
                        bulk.reset();
                        setAsked({
                          ids: chosen,
                          to,
                          who: chosen.length === 1 ? '1 applicant' : `${chosen.length} applicants`,
                        });
                      }}
                    >
                      {to === 'shortlisted' ? 'Shortlist' : to === 'selected' ? 'Select' : 'Not selected'}
                    </Button>
                  ))}
                </Group>
              ) : null}
            </div>
          ) : null}
          <PageNav
            total={Math.max(1, Math.ceil(total / APPLICANTS_PER_PAGE))}
            value={list.data.meta.page}
            onChange={(page) => onSearchChange({ ...search, page: page > 1 ? page : undefined })}
          />
        </>
      ) : null}
      {asked ? (
        <ConfirmDecision
          asked={asked}
          pending={bulk.isPending}
          error={bulk.error}
          onCancel={() => setAsked(null)}
          onConfirm={() => confirm(asked)}
        />
      ) : null}
    </PageContainer>
  );
}

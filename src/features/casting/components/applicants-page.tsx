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
import type { ApplicantSearch } from '@/lib/search-params';
import { plural } from '@/lib/plural';
import { applicants_ask_not_selected } from '@/paraglide/messages/applicants_ask_not_selected.js';
import { applicants_ask_select } from '@/paraglide/messages/applicants_ask_select.js';
import { applicants_ask_shortlist } from '@/paraglide/messages/applicants_ask_shortlist.js';
import { applicants_count_one } from '@/paraglide/messages/applicants_count_one.js';
import { applicants_count_other } from '@/paraglide/messages/applicants_count_other.js';
import { applicants_done_not_selected } from '@/paraglide/messages/applicants_done_not_selected.js';
import { applicants_done_selected } from '@/paraglide/messages/applicants_done_selected.js';
import { applicants_done_shortlisted } from '@/paraglide/messages/applicants_done_shortlisted.js';
import { applicants_off_age } from '@/paraglide/messages/applicants_off_age.js';
import { applicants_off_gender } from '@/paraglide/messages/applicants_off_gender.js';
import { applicants_and } from '@/paraglide/messages/applicants_and.js';
import { applicants_answer_accepted } from '@/paraglide/messages/applicants_answer_accepted.js';
import { applicants_answer_declined } from '@/paraglide/messages/applicants_answer_declined.js';
import { applicants_body_many } from '@/paraglide/messages/applicants_body_many.js';
import { applicants_body_one } from '@/paraglide/messages/applicants_body_one.js';
import { applicants_brief } from '@/paraglide/messages/applicants_brief.js';
import { applicants_by_name } from '@/paraglide/messages/applicants_by_name.js';
import { applicants_callback } from '@/paraglide/messages/applicants_callback.js';
import { applicants_callback_line } from '@/paraglide/messages/applicants_callback_line.js';
import { applicants_cancel } from '@/paraglide/messages/applicants_cancel.js';
import { applicants_choose } from '@/paraglide/messages/applicants_choose.js';
import { applicants_chosen } from '@/paraglide/messages/applicants_chosen.js';
import { applicants_city } from '@/paraglide/messages/applicants_city.js';
import { applicants_close_confirm } from '@/paraglide/messages/applicants_close_confirm.js';
import { applicants_close_role } from '@/paraglide/messages/applicants_close_role.js';
import { applicants_close_text } from '@/paraglide/messages/applicants_close_text.js';
import { applicants_close_title } from '@/paraglide/messages/applicants_close_title.js';
import { applicants_decision } from '@/paraglide/messages/applicants_decision.js';
import { applicants_edit_call } from '@/paraglide/messages/applicants_edit_call.js';
import { applicants_every_status } from '@/paraglide/messages/applicants_every_status.js';
import { applicants_everyone } from '@/paraglide/messages/applicants_everyone.js';
import { applicants_export } from '@/paraglide/messages/applicants_export.js';
import { applicants_export_failed } from '@/paraglide/messages/applicants_export_failed.js';
import { applicants_filters } from '@/paraglide/messages/applicants_filters.js';
import { applicants_filters_n } from '@/paraglide/messages/applicants_filters_n.js';
import { applicants_heading } from '@/paraglide/messages/applicants_heading.js';
import { applicants_hide } from '@/paraglide/messages/applicants_hide.js';
import { applicants_language } from '@/paraglide/messages/applicants_language.js';
import { applicants_load_failed } from '@/paraglide/messages/applicants_load_failed.js';
import { applicants_loading } from '@/paraglide/messages/applicants_loading.js';
import { applicants_mark_not_selected } from '@/paraglide/messages/applicants_mark_not_selected.js';
import { applicants_newest } from '@/paraglide/messages/applicants_newest.js';
import { applicants_no_answer } from '@/paraglide/messages/applicants_no_answer.js';
import { applicants_no_note } from '@/paraglide/messages/applicants_no_note.js';
import { applicants_not_selected } from '@/paraglide/messages/applicants_not_selected.js';
import { applicants_off_brief } from '@/paraglide/messages/applicants_off_brief.js';
import { applicants_off_the_brief } from '@/paraglide/messages/applicants_off_the_brief.js';
import { applicants_offline } from '@/paraglide/messages/applicants_offline.js';
import { applicants_oldest } from '@/paraglide/messages/applicants_oldest.js';
import { applicants_on_the_brief } from '@/paraglide/messages/applicants_on_the_brief.js';
import { applicants_open } from '@/paraglide/messages/applicants_open.js';
import { applicants_page_title } from '@/paraglide/messages/applicants_page_title.js';
import { applicants_photo_n } from '@/paraglide/messages/applicants_photo_n.js';
import { applicants_photo_of } from '@/paraglide/messages/applicants_photo_of.js';
import { applicants_private_note } from '@/paraglide/messages/applicants_private_note.js';
import { applicants_reel } from '@/paraglide/messages/applicants_reel.js';
import { applicants_role } from '@/paraglide/messages/applicants_role.js';
import { applicants_role_closed } from '@/paraglide/messages/applicants_role_closed.js';
import { applicants_saved } from '@/paraglide/messages/applicants_saved.js';
import { applicants_select } from '@/paraglide/messages/applicants_select.js';
import { applicants_self_tape } from '@/paraglide/messages/applicants_self_tape.js';
import { slots_title } from '@/paraglide/messages/slots_title.js';
import { applicants_shortlist } from '@/paraglide/messages/applicants_shortlist.js';
import { applicants_sort } from '@/paraglide/messages/applicants_sort.js';
import { applicants_status } from '@/paraglide/messages/applicants_status.js';
import { applicants_told_in } from '@/paraglide/messages/applicants_told_in.js';
import { applicants_under_18 } from '@/paraglide/messages/applicants_under_18.js';
import { applicants_undo } from '@/paraglide/messages/applicants_undo.js';
import { applicants_undone } from '@/paraglide/messages/applicants_undone.js';
import { applicants_verified_only } from '@/paraglide/messages/applicants_verified_only.js';
import { applicants_with_chosen } from '@/paraglide/messages/applicants_with_chosen.js';
import { auditions_verified } from '@/paraglide/messages/auditions_verified.js';
import { tapeUp_ask } from '@/paraglide/messages/tapeup_ask1.js';
import { tapeUp_asked } from '@/paraglide/messages/tapeup_asked1.js';
import { tapeUp_sent } from '@/paraglide/messages/tapeup_sent1.js';
import { post_call_load_failed } from '@/paraglide/messages/post_call_load_failed.js';
import { post_call_loading } from '@/paraglide/messages/post_call_loading.js';
import { post_call_mine_title } from '@/paraglide/messages/post_call_mine_title.js';
import { role_plays } from '@/paraglide/messages/role_plays.js';
import { tapePlay_compare } from '@/paraglide/messages/tapeplay_compare1.js';
import { tapePlay_failed } from '@/paraglide/messages/tapeplay_failed1.js';
import { tapePlay_play } from '@/paraglide/messages/tapeplay_play1.js';
import { tapePlay_processing } from '@/paraglide/messages/tapeplay_processing1.js';
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
import { formatDay, formatIndiaTime, statusColors, statusLabels } from './casting-labels';
import classes from './casting.module.css';
import { GuardianThread } from './guardian-thread';
import { CompareTapesDialog, TapeDialog } from './tape-player';
import { TapeRequestDialog } from './tape-request-dialog';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : error ? applicants_offline() : null);

/** The moves the poster is asked to confirm: each tells the applicants, 10 s later unless undone. */
type Decision = 'shortlisted' | 'selected' | 'not_selected';

/** A decision the poster is asked to confirm: on whom (`who` names them), and where to. */
interface DecisionAsked {
  ids: number[];
  to: Decision;
  who: string;
}

// Message functions, read when shown in the page's language.
const offBriefText: Record<Applicant['off_brief'][number], () => string> = {
  gender: applicants_off_gender,
  age: applicants_off_age,
};

/** What the confirmation says and its button, for one applicant (`who`) or several. */
function decisionWords({ ids, to, who }: DecisionAsked) {
  const ask =
    to === 'selected'
      ? applicants_ask_select
      : to === 'not_selected'
        ? applicants_ask_not_selected
        : applicants_ask_shortlist;
  const done =
    to === 'selected'
      ? applicants_done_selected
      : to === 'not_selected'
        ? applicants_done_not_selected
        : applicants_done_shortlisted;
  return {
    title: ask({ who }),
    confirm:
      to === 'selected'
        ? applicants_select()
        : to === 'not_selected'
          ? applicants_mark_not_selected()
          : applicants_shortlist(),
    body:
      ids.length === 1
        ? applicants_body_one({ who: `${who.charAt(0).toUpperCase()}${who.slice(1)}`, seconds: DECISION_UNDO_SECONDS })
        : applicants_body_many({ count: ids.length, seconds: DECISION_UNDO_SECONDS }),
    done: done({ who }),
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
            {applicants_cancel()}
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
  const [playing, setPlaying] = useState(false);
  const person = applicant.applicant;
  const allowed = allowedTransitions[applicant.status];
  const move = (to: 'shortlisted') => transition.mutate({ id: applicant.id, to });
  return (
    <article className={classes.applicant} aria-label={person.display_name}>
      <Checkbox
        aria-label={applicants_choose({ name: person.display_name })}
        checked={selected}
        onChange={(event) => onSelect(event.currentTarget.checked)}
        disabled={allowed.length === 0}
      />
      {person.photo ? (
        <ResponsiveImage
          className={classes.applicantPhoto}
          src={person.photo}
          sizes="72px"
          alt={applicants_photo_of({ name: person.display_name })}
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
                  {applicants_under_18()}
                </Badge>
              ) : null}
              {person.verified ? (
                <Badge color="teal.9" variant="filled" size="xs">
                  {auditions_verified()}
                </Badge>
              ) : null}
            </Group>
            {applicant.off_brief.length > 0 ? (
              <Text size="sm" fw={600} c="var(--cv-warning-text)" data-testid="off-brief">
                {applicants_off_brief({
                  list: applicant.off_brief.map((what) => offBriefText[what]()).join(applicants_and()),
                })}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              {[
                roleName,
                person.playing_age_min !== null
                  ? role_plays({ min: person.playing_age_min, max: person.playing_age_max ?? '' })
                  : null,
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
            {applicants_callback_line({
              time: formatIndiaTime(applicant.callback.at),
              place: applicant.callback.place,
            })}
            {applicant.callback.answer === 'accepted'
              ? applicants_answer_accepted()
              : applicant.callback.answer === 'declined'
                ? applicants_answer_declined()
                : applicants_no_answer()}
          </Text>
        ) : null}
        {applicant.tape ? (
          applicant.tape.status === 'ready' ? (
            <Button size="compact-sm" variant="light" mt={4} mr="xs" onClick={() => setPlaying(true)}>
              {tapePlay_play()}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" mt={4}>
              {applicant.tape.status === 'failed' ? tapePlay_failed() : tapePlay_processing()}
            </Text>
          )
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
          {open ? applicants_hide() : applicants_open()}
        </Button>
        {open ? (
          <Stack gap="xs" mt="xs">
            {applicant.note ? (
              <Text size="sm">“{applicant.note}”</Text>
            ) : (
              <Text size="sm" c="dimmed">
                {applicants_no_note()}
              </Text>
            )}
            {applicant.reel ? (
              <Anchor href={applicant.reel} target="_blank" rel="noopener noreferrer" size="sm">
                {applicants_reel()}
              </Anchor>
            ) : null}
            {applicant.self_tape_url ? (
              <Anchor href={applicant.self_tape_url} target="_blank" rel="noopener noreferrer" size="sm">
                {applicants_self_tape()}
              </Anchor>
            ) : null}
            {applicant.tape_request ? (
              <Text size="sm" c="dimmed">
                {tapeUp_asked({ date: formatDay(applicant.tape_request.deadline.slice(0, 10)) })}
              </Text>
            ) : null}
            {applicant.photos.length > 1 ? (
              <Group gap="xs">
                {applicant.photos.map((photo, index) => (
                  <ResponsiveImage
                    key={photo}
                    className={classes.photoChoice}
                    src={photo}
                    sizes="72px"
                    alt={applicants_photo_n({ name: person.display_name, number: index + 1 })}
                    width={72}
                    height={72}
                    loading="lazy"
                  />
                ))}
              </Group>
            ) : null}
            <Textarea
              label={applicants_private_note()}
              autosize
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              onBlur={() => {
                if (note !== applicant.poster_note) posterNote.mutate({ id: applicant.id, note });
              }}
              description={posterNote.isSuccess ? applicants_saved() : undefined}
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
                {applicants_shortlist()}
              </Button>
            ) : null}
            {allowed.includes('callback') ? (
              // A callback is offered as slots (times to pick, with calendar invitations), on the schedule's page.
              <Button
                size="xs"
                variant="light"
                color="orange.9"
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/me/casting-calls/$callId/callbacks"
                    params={{ callId: String(applicant.call_id) }}
                  />
                )}
              >
                {applicants_callback()}
              </Button>
            ) : null}
            <Button size="xs" color="teal.9" onClick={() => onDecide('selected')}>
              {applicants_select()}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red.9"
              c="var(--cv-danger-text)"
              onClick={() => onDecide('not_selected')}
            >
              {applicants_not_selected()}
            </Button>
          </Group>
        ) : null}
        {transition.error ? (
          <Text size="sm" c="red" role="alert" mt={4}>
            {errorText(transition.error)}
          </Text>
        ) : null}
      </div>
      {playing && applicant.tape ? (
        <TapeDialog tapeId={applicant.tape.id} name={person.display_name} onClose={() => setPlaying(false)} />
      ) : null}
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
        {applicants_close_role()}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={applicants_close_title({ role: role.name })}
        centered
      >
        <Stack>
          <Text size="sm">{applicants_close_text()}</Text>
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
            {applicants_close_confirm()}
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
  // Two chosen applicants whose tapes are ready can be watched side by side.
  const [comparing, setComparing] = useState(false);
  const compared =
    chosen.length === 2
      ? (list.data?.data ?? []).filter((item) => chosen.includes(item.id) && item.tape?.status === 'ready')
      : [];
  // A decision waiting for its confirmation, and the last one confirmed, undoable until `until` (ms).
  const [asked, setAsked] = useState<DecisionAsked | null>(null);
  const [decided, setDecided] = useState<{ ids: number[]; until: number; text: string } | null>(null);
  const [undone, setUndone] = useState(false);
  // The chosen applicants asked for a self-tape (the dialog open), and what was last asked.
  const [tapeAsk, setTapeAsk] = useState<{ ids: number[]; who: string } | null>(null);
  const [tapeAsked, setTapeAsked] = useState<string | null>(null);
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
            title={post_call_load_failed()}
            what="call"
            error={call.error}
            onRetry={() => void call.refetch()}
          />
        ) : (
          <LoadingState label={post_call_loading()} />
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
      <DocumentTitle page={applicants_page_title({ title: call.data.title })} />
      <Text size="sm">
        <Anchor component={Link} to="/me/casting-calls">
          {post_call_mine_title()}
        </Anchor>
      </Text>
      <Title order={1} mb="sm">
        {applicants_heading({ title: call.data.title })}
      </Title>
      <Group gap="sm" mb="md" align="flex-end">
        <Select
          label={applicants_role()}
          data={roles.map((role) => ({
            value: String(role.id),
            label: `${role.name}${role.status === 'closed' ? applicants_role_closed() : ''}`,
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
          {filtersShown > 0 ? applicants_filters_n({ count: filtersShown }) : applicants_filters()}
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
          label={applicants_status()}
          placeholder={applicants_every_status()}
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
          label={applicants_city()}
          value={text.city}
          onChange={(event) => {
            const next = { ...text, city: event.currentTarget.value };
            setText(next);
            applyText(next);
          }}
        />
        <TextInput
          label={applicants_language()}
          value={text.language}
          onChange={(event) => {
            const next = { ...text, language: event.currentTarget.value };
            setText(next);
            applyText(next);
          }}
        />
        <Select
          label={applicants_sort()}
          data={[
            { value: 'newest', label: applicants_newest() },
            { value: 'oldest', label: applicants_oldest() },
            { value: 'name', label: applicants_by_name() },
          ]}
          value={search.sort ?? 'newest'}
          onChange={(sort) => change({ sort: sort && sort !== 'newest' ? sort : undefined })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={applicants_brief()}
          data={[
            { value: 'off', label: applicants_off_the_brief() },
            { value: 'on', label: applicants_on_the_brief() },
          ]}
          placeholder={applicants_everyone()}
          value={search.brief ?? null}
          onChange={(brief) => change({ brief: brief ?? undefined })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          label={applicants_verified_only()}
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
            downloadApplicantsCsv(call.data, effective).catch(() => setExportError(applicants_export_failed()));
          }}
        >
          {applicants_export()}
        </Button>
        {roleId !== undefined ? <CloseRoleButton call={call.data} roleId={roleId} /> : null}
        <Button
          variant="subtle"
          size="sm"
          renderRoot={(props) => (
            <Link {...props} to="/me/casting-calls/$callId/edit" params={{ callId: String(callId) }} />
          )}
        >
          {applicants_edit_call()}
        </Button>
        <Button
          variant="subtle"
          size="sm"
          renderRoot={(props) => (
            <Link {...props} to="/me/casting-calls/$callId/callbacks" params={{ callId: String(callId) }} />
          )}
        >
          {slots_title()}
        </Button>
      </Group>
      {exportError ? (
        <Alert color="red" variant="light" mb="sm">
          {exportError}
        </Alert>
      ) : null}
      {list.isPending ? <LoadingState label={applicants_loading()} /> : null}
      {list.isError && !list.data ? (
        <LoadError
          title={applicants_load_failed()}
          what="list"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data ? (
        <>
          <Text size="sm" c="dimmed" mb="sm" role="status">
            {plural(total, { one: applicants_count_one, other: applicants_count_other })}
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
          {chosen.length > 0 || undoable || undone || undo.error || tapeAsked ? (
            // Under the list and stuck to the bottom of the screen while the poster scrolls through it.
            <div className={classes.decisionBar}>
              {undoable || undo.error ? (
                <Group gap="xs" justify="space-between" wrap="nowrap" role="status" aria-label={applicants_decision()}>
                  <Text size="sm" miw={0}>
                    {undo.error
                      ? errorText(undo.error)
                      : applicants_told_in({ text: decided!.text, seconds: secondsLeft })}
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
                      {applicants_undo()}
                    </Button>
                  ) : null}
                </Group>
              ) : undone ? (
                <Text size="sm" role="status">
                  {applicants_undone()}
                </Text>
              ) : tapeAsked ? (
                <Text size="sm" role="status">
                  {tapeAsked}
                </Text>
              ) : null}
              {chosen.length > 0 ? (
                <Group gap="xs" role="group" aria-label={applicants_with_chosen()}>
                  <Text size="sm">{applicants_chosen({ count: chosen.length })}</Text>
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
                          who: plural(chosen.length, { one: applicants_count_one, other: applicants_count_other }),
                        });
                      }}
                    >
                      {to === 'shortlisted'
                        ? applicants_shortlist()
                        : to === 'selected'
                          ? applicants_select()
                          : applicants_not_selected()}
                    </Button>
                  ))}
                  {compared.length === 2 ? (
                    <Button size="xs" variant="outline" onClick={() => setComparing(true)}>
                      {tapePlay_compare()}
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      setTapeAsked(null);
                      setTapeAsk({
                        ids: chosen,
                        who: plural(chosen.length, { one: applicants_count_one, other: applicants_count_other }),
                      });
                    }}
                  >
                    {tapeUp_ask()}
                  </Button>
                </Group>
              ) : null}
            </div>
          ) : null}
          {comparing && compared.length === 2 ? (
            <CompareTapesDialog
              tapes={[
                { tapeId: compared[0]!.tape!.id, name: compared[0]!.applicant.display_name },
                { tapeId: compared[1]!.tape!.id, name: compared[1]!.applicant.display_name },
              ]}
              onClose={() => setComparing(false)}
            />
          ) : null}
          <PageNav
            total={Math.max(1, Math.ceil(total / APPLICANTS_PER_PAGE))}
            value={list.data.meta.page}
            onChange={(page) => onSearchChange({ ...search, page: page > 1 ? page : undefined })}
          />
        </>
      ) : null}
      {tapeAsk ? (
        <TapeRequestDialog
          callId={callId}
          ids={tapeAsk.ids}
          who={tapeAsk.who}
          onClose={() => setTapeAsk(null)}
          onSent={(deadline) => {
            setTapeAsked(tapeUp_sent({ who: tapeAsk.who, date: formatDay(deadline.slice(0, 10)) }));
            setTapeAsk(null);
            setChosen([]);
            void list.refetch();
          }}
        />
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

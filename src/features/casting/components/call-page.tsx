import { pageAddress } from '@/lib/page-address';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmailConfirmationNotice } from '@/components/email-confirmation-notice';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { ReportDialog } from '@/components/report-dialog';
import { LoadError, LoadingState } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import { ShareButton } from '@/components/share-button';
import { MAX_NOTE, type CastingCall, type CastingRole } from '@/contract/casting';
import { MAX_TAPE_SECONDS } from '@/contract/tapes';
import { ApiError, NetworkError } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { keepForReturn, keptForReturn, takeOnReturn } from '@/lib/kept-for-return';
import { offerPush } from '@/lib/push-offer';
import { keepTape } from '@/offline/tapes';
import { useOutboxOwner, useOutboxRecorder, useOwnerEntries } from '@/offline/use-outbox';
import { useEmailUnconfirmed } from '@/hooks/use-email-unconfirmed';
import { apply_photo_alt } from '@/paraglide/messages/apply_photo_alt.js';
import { apply_photo_alt_main } from '@/paraglide/messages/apply_photo_alt_main.js';
import { apply_cancel } from '@/paraglide/messages/apply_cancel.js';
import { apply_failed } from '@/paraglide/messages/apply_failed.js';
import { apply_for } from '@/paraglide/messages/apply_for.js';
import { apply_go_profile } from '@/paraglide/messages/apply_go_profile.js';
import { apply_needs_person } from '@/paraglide/messages/apply_needs_person.js';
import { apply_needs_profile } from '@/paraglide/messages/apply_needs_profile.js';
import { apply_needs_reel } from '@/paraglide/messages/apply_needs_reel.js';
import { apply_note } from '@/paraglide/messages/apply_note.js';
import { apply_note_count } from '@/paraglide/messages/apply_note_count.js';
import { apply_offline_queued } from '@/paraglide/messages/apply_offline_queued.js';
import { apply_photos } from '@/paraglide/messages/apply_photos.js';
import { apply_photos_hint } from '@/paraglide/messages/apply_photos_hint.js';
import { apply_profile_failed } from '@/paraglide/messages/apply_profile_failed.js';
import { apply_profile_loading } from '@/paraglide/messages/apply_profile_loading.js';
import { apply_reel } from '@/paraglide/messages/apply_reel.js';
import { apply_reel_add_first } from '@/paraglide/messages/apply_reel_add_first.js';
import { apply_reel_choose } from '@/paraglide/messages/apply_reel_choose.js';
import { apply_reel_optional } from '@/paraglide/messages/apply_reel_optional.js';
import { apply_saved_title } from '@/paraglide/messages/apply_saved_title.js';
import { apply_self_tape } from '@/paraglide/messages/apply_self_tape.js';
import { apply_send } from '@/paraglide/messages/apply_send.js';
import { auditions_any } from '@/paraglide/messages/auditions_any.js';
import { auditions_my_applications } from '@/paraglide/messages/auditions_my_applications.js';
import { auditions_playing_age } from '@/paraglide/messages/auditions_playing_age.js';
import { auditions_verified } from '@/paraglide/messages/auditions_verified.js';
import { call_applicants } from '@/paraglide/messages/call_applicants.js';
import { call_applications_closed } from '@/paraglide/messages/call_applications_closed.js';
import { call_apply_by } from '@/paraglide/messages/call_apply_by.js';
import { call_auditions } from '@/paraglide/messages/call_auditions.js';
import { call_by_after } from '@/paraglide/messages/call_by_after.js';
import { call_by_before } from '@/paraglide/messages/call_by_before.js';
import { call_closed_notice } from '@/paraglide/messages/call_closed_notice.js';
import { call_content } from '@/paraglide/messages/call_content.js';
import { call_edit } from '@/paraglide/messages/call_edit.js';
import { call_filled_one } from '@/paraglide/messages/call_filled_one.js';
import { call_filled_other } from '@/paraglide/messages/call_filled_other.js';
import { call_gender } from '@/paraglide/messages/call_gender.js';
import { call_includes } from '@/paraglide/messages/call_includes.js';
import { call_india_time } from '@/paraglide/messages/call_india_time.js';
import { call_intimacy } from '@/paraglide/messages/call_intimacy.js';
import { call_languages } from '@/paraglide/messages/call_languages.js';
import { call_load_failed } from '@/paraglide/messages/call_load_failed.js';
import { call_loading } from '@/paraglide/messages/call_loading.js';
import { call_never_pay_text } from '@/paraglide/messages/call_never_pay_text.js';
import { call_never_pay_title } from '@/paraglide/messages/call_never_pay_title.js';
import { call_no_sensitive } from '@/paraglide/messages/call_no_sensitive.js';
import { call_not_found } from '@/paraglide/messages/call_not_found.js';
import { call_not_found_text } from '@/paraglide/messages/call_not_found_text.js';
import { call_nudity } from '@/paraglide/messages/call_nudity.js';
import { call_openings } from '@/paraglide/messages/call_openings.js';
import { call_openings_filled } from '@/paraglide/messages/call_openings_filled.js';
import { call_pay } from '@/paraglide/messages/call_pay.js';
import { call_pending_notice } from '@/paraglide/messages/call_pending_notice.js';
import { call_report } from '@/paraglide/messages/call_report.js';
import { call_report_fake } from '@/paraglide/messages/call_report_fake.js';
import { call_report_inappropriate } from '@/paraglide/messages/call_report_inappropriate.js';
import { call_report_money } from '@/paraglide/messages/call_report_money.js';
import { call_report_title } from '@/paraglide/messages/call_report_title.js';
import { call_role_closed } from '@/paraglide/messages/call_role_closed.js';
import { call_role_filled } from '@/paraglide/messages/call_role_filled.js';
import { call_roles } from '@/paraglide/messages/call_roles.js';
import { call_save } from '@/paraglide/messages/call_save.js';
import { call_saved } from '@/paraglide/messages/call_saved.js';
import { call_see_open } from '@/paraglide/messages/call_see_open.js';
import { call_self_tape } from '@/paraglide/messages/call_self_tape.js';
import { call_send } from '@/paraglide/messages/call_send.js';
import { call_send_note } from '@/paraglide/messages/call_send_note.js';
import { call_send_photo } from '@/paraglide/messages/call_send_photo.js';
import { call_send_reel } from '@/paraglide/messages/call_send_reel.js';
import { call_send_self_tape } from '@/paraglide/messages/call_send_self_tape.js';
import { call_shoot } from '@/paraglide/messages/call_shoot.js';
import { call_shoot_to } from '@/paraglide/messages/call_shoot_to.js';
import { call_title } from '@/paraglide/messages/call_title.js';
import { call_unpublished_notice } from '@/paraglide/messages/call_unpublished_notice.js';
import { call_violence } from '@/paraglide/messages/call_violence.js';
import { call_waiting } from '@/paraglide/messages/call_waiting.js';
import { call_where } from '@/paraglide/messages/call_where.js';
import { call_you_applied } from '@/paraglide/messages/call_you_applied.js';
import { call_yours } from '@/paraglide/messages/call_yours.js';
import { role_or } from '@/paraglide/messages/role_or.js';
import { role_unpaid } from '@/paraglide/messages/role_unpaid.js';
import { tapeRec_link } from '@/paraglide/messages/taperec_link1.js';
import { tapeRec_needs_tape } from '@/paraglide/messages/taperec_needs_tape1.js';
import { tapeRec_waiting_text } from '@/paraglide/messages/taperec_waiting_text1.js';
import { tapeRec_waiting_title } from '@/paraglide/messages/taperec_waiting_title1.js';
import { applicationOutbox, type QueuedApplication } from '../api/application-outbox';
import { myCastingKeys } from '../api/casting-keys';
import { useReportCall, useSaveForLater } from '../api/casting-mutations';
import {
  applicantProfileQueryOptions,
  CallNotFoundError,
  callQueryOptions,
  myApplicationsQueryOptions,
  savedCallsQueryOptions,
} from '../api/casting-queries';
import { sendApplication } from '../api/send-application';
import {
  formatDay,
  formatIndiaTime,
  formatRupees,
  genderWords,
  placeOf,
  projectTypeLabels,
  statusColors,
  statusLabels,
} from './casting-labels';
import classes from './casting.module.css';
import type { ChosenTape } from './tape-format';
import { TapeField } from './tape-recorder';
import { TapeUploadStatus } from './tape-upload-status';
import { confirmNotice_action_apply } from '@/paraglide/messages/confirmnotice_action_apply1.js';
import { share_call_description } from '@/paraglide/messages/share_call_description.js';
import { share_call_text } from '@/paraglide/messages/share_call_text.js';

/** The pay of a call's roles as a forwarded poster says it: one amount, a range, or unpaid. */
function payOfRoles(roles: CastingRole[]): string {
  const paid = roles.filter((role) => role.paid).map((role) => role.pay_inr);
  if (paid.length === 0) return role_unpaid();
  const [low, high] = [Math.min(...paid), Math.max(...paid)];
  return low === high ? formatRupees(low) : `${formatRupees(low)} – ${formatRupees(high)}`;
}

/** A shared link's card (Open Graph) and the job posting search engines read (schema.org JobPosting). */
function CallMeta({ call }: { call: CastingCall }) {
  // What a forwarded link's preview reads first: the roles, the pay and the deadline, then the call's own words.
  const facts = share_call_description({
    roles: call.roles.map((role) => role.name).join(', '),
    pay: payOfRoles(call.roles),
    deadline: call_india_time({ time: formatIndiaTime(call.deadline) }),
  });
  const description = `${facts} ${call.description}`.slice(0, 300);
  const paid = call.roles.filter((role) => role.paid);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: `${call.title}: ${call.roles.map((role) => role.name).join(', ')}`,
    description: call.description,
    datePosted: call.created_at.slice(0, 10),
    validThrough: call.deadline,
    employmentType: 'CONTRACTOR',
    hiringOrganization: { '@type': 'Organization', name: call.poster.display_name },
    ...(call.remote
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'India' } }
      : {}),
    ...(call.city
      ? {
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', addressLocality: call.city, addressCountry: 'IN' },
          },
        }
      : {}),
    ...(paid.length > 0
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'INR',
            value: {
              '@type': 'QuantitativeValue',
              minValue: Math.min(...paid.map((role) => role.pay_inr)),
              maxValue: Math.max(...paid.map((role) => role.pay_inr)),
              unitText: 'PROJECT',
            },
          },
        }
      : {}),
  };
  return (
    <>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:url" content={pageAddress(`/auditions/${call.id}`)} />
      <meta property="og:title" content={call_title({ title: call.title })} />
      <meta property="og:description" content={description} />
      <meta name="twitter:card" content="summary" />
      <script
        type="application/ld+json"
        // `<` escaped: the JSON cannot close the element it is written in.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structured).replace(/</g, '\\u003c') }}
      />
    </>
  );
}

function ApplyForm({ call, role, onDone }: { call: CastingCall; role: CastingRole; onDone: () => void }) {
  const profile = useQuery(applicantProfileQueryOptions());
  const queryClient = useQueryClient();
  const outbox = useOutboxRecorder(applicationOutbox);
  const owner = useOutboxOwner(applicationOutbox);
  const [tape, setTape] = useState<ChosenTape | null>(null);
  const [photoIds, setPhotoIds] = useState<number[] | null>(null);
  const [reel, setReel] = useState<string | null>(null);
  const [selfTape, setSelfTape] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // Offline before the profile ever loaded, the query waits for the network: say so rather than spin.
  const waitsForNetwork = profile.isPending && profile.fetchStatus === 'paused' && profile.failureReason;
  if (profile.isError || waitsForNetwork) {
    return (
      <LoadError
        title={apply_profile_failed()}
        what="profile"
        error={profile.error ?? profile.failureReason}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  if (profile.isPending) return <LoadingState label={apply_profile_loading()} />;
  const mine = profile.data;
  const main = mine?.photos.find((photo) => photo.main) ?? mine?.photos[0];
  if (!mine || mine.kind !== 'person' || !main) {
    return (
      <Alert color="yellow" variant="light">
        {mine && mine.kind !== 'person' ? apply_needs_person() : apply_needs_profile()}{' '}
        <Anchor component={Link} to="/my-profile">
          {apply_go_profile()}
        </Anchor>
      </Alert>
    );
  }
  const chosen = photoIds ?? [main.id];
  const submit = async () => {
    setErrors({});
    setFailure(null);
    const input = {
      photo_ids: chosen,
      reel,
      self_tape_url: selfTape.trim() || null,
      note: note.trim(),
    };
    if (role.requires.self_tape && !input.self_tape_url && !tape) {
      setErrors({ self_tape: tapeRec_needs_tape() });
      return;
    }
    if (role.requires.reel && !input.reel) {
      setErrors({ reel: apply_needs_reel() });
      return;
    }
    const queued: QueuedApplication = {
      callId: call.id,
      roleId: role.id,
      callTitle: call.title,
      roleName: role.name,
      input,
    };
    if (tape && owner !== null) {
      // The application waits on the device for its tape, and is sent once every byte of the tape has arrived.
      setSending(true);
      const tapeKey = await keepTape({
        owner,
        roleId: role.id,
        applicationId: null,
        callTitle: call.title,
        roleName: role.name,
        file: tape.file,
        fileName: tape.fileName,
        fileType: tape.fileType,
        size: tape.size,
        uploadUrl: null,
        received: 0,
        tapeId: null,
        failure: null,
        createdAt: Date.now(),
      });
      await outbox.record({ ...queued, input: { ...input, self_tape_url: null }, tapeKey });
      setSending(false);
      notifications.show({ color: 'blue', title: tapeRec_waiting_title(), message: tapeRec_waiting_text() });
      onDone();
      return;
    }
    // One key for this press, online and from the outbox: an application the server got whose answer was lost is
    // answered again as sent, not refused as a second one.
    const idempotencyKey = newIdempotencyKey();
    let sent = false;
    setSending(true);
    try {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new NetworkError('offline');
      sent = true;
      await sendApplication(call.id, role.id, input, idempotencyKey);
      void queryClient.invalidateQueries({ queryKey: myCastingKeys.applications() });
      notifications.show({ color: 'green', ...applicationOutbox.delivered!(queued) });
      onDone();
      // Sent: the poster's answer is what the actor waits for, the moment to offer alerts on the phone.
      offerPush();
    } catch (error) {
      if (error instanceof NetworkError) {
        await outbox.record(queued, { idempotencyKey, sent });
        notifications.show({ color: 'yellow', title: apply_saved_title(), message: apply_offline_queued() });
        onDone();
      } else if (error instanceof ApiError && error.field) {
        setErrors({ [error.field.split('.')[0]!]: error.message });
      } else {
        setFailure(error instanceof ApiError ? error.message : apply_failed());
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      ref={focusFirstError}
      noValidate
      aria-label={apply_for({ role: role.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Checkbox.Group
          label={apply_photos()}
          description={apply_photos_hint()}
          value={chosen.map(String)}
          onChange={(values) => setPhotoIds(values.map(Number))}
          error={errors.photo_ids}
        >
          <Group gap="sm" mt={6}>
            {mine.photos.map((photo, index) => (
              <Checkbox
                key={photo.id}
                value={String(photo.id)}
                label={
                  <ResponsiveImage
                    className={classes.photoChoice}
                    src={photo.url}
                    sizes="72px"
                    alt={(photo.main ? apply_photo_alt_main : apply_photo_alt)({ number: index + 1 })}
                    width={72}
                    height={72}
                  />
                }
              />
            ))}
          </Group>
        </Checkbox.Group>
        {mine.reels.length > 0 || role.requires.reel ? (
          <Select
            label={role.requires.reel ? apply_reel() : apply_reel_optional()}
            placeholder={mine.reels.length > 0 ? apply_reel_choose() : apply_reel_add_first()}
            data={mine.reels}
            value={reel}
            onChange={setReel}
            clearable
            error={errors.reel}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {role.requires.self_tape ? (
          <>
            <TapeField
              limitSeconds={role.self_tape_max_seconds ?? MAX_TAPE_SECONDS}
              description={role.self_tape_instructions}
              value={tape}
              onChange={setTape}
              error={errors.self_tape}
            />
            {tape ? null : (
              <TextInput
                label={apply_self_tape()}
                description={tapeRec_link()}
                placeholder="https://"
                value={selfTape}
                onChange={(event) => setSelfTape(event.currentTarget.value)}
                error={errors.self_tape_url}
              />
            )}
          </>
        ) : null}
        <Textarea
          label={apply_note()}
          autosize
          minRows={3}
          maxLength={MAX_NOTE}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          description={apply_note_count({ count: note.length, max: MAX_NOTE })}
          error={errors.note}
        />
        <Group>
          <Button type="submit" loading={sending} disabled={!outbox.ready}>
            {apply_send()}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            {apply_cancel()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Read when the dialog opens, in the page's language. */
const reportReasons = () => [
  { value: 'asks_for_money', label: call_report_money() },
  { value: 'fake', label: call_report_fake() },
  { value: 'inappropriate', label: call_report_inappropriate() },
];

function ReportCallDialog({ call, onClose }: { call: CastingCall; onClose: () => void }) {
  const report = useReportCall(call.id);
  return (
    <ReportDialog
      title={call_report_title({ title: call.title })}
      reasons={reportReasons()}
      report={report}
      onClose={onClose}
    />
  );
}

/** A guest's Apply, kept while they log in or register: they come back to the role's form, as Add to cart does. */
const PENDING_APPLY_KEY = 'cv-pending-apply';

interface PendingApply {
  callId: number;
  roleId: number;
}

const isThisRole = (kept: PendingApply, callId: number, roleId: number) =>
  kept.callId === callId && kept.roleId === roleId;

function RoleView({ call, role, own }: { call: CastingCall; role: CastingRole; own: boolean }) {
  const signedIn = useAppStore((state) => state.signedIn);
  const unconfirmed = useEmailUnconfirmed();
  const navigate = useNavigate();
  const location = useLocation();
  const [applying, setApplying] = useState(false);
  // Back signed in from the log-in or sign-up that Apply led to: the role's form is open, in view, and the Apply kept
  // is done (taken from the tab's storage) once.
  const { id: callId } = call;
  const { id: roleId } = role;
  const returned = useMemo(
    () =>
      signedIn && keptForReturn<PendingApply>(PENDING_APPLY_KEY, (kept) => isThisRole(kept, callId, roleId)) !== null,
    [signedIn, callId, roleId],
  );
  const [leftReturn, setLeftReturn] = useState(false);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!returned) return;
    takeOnReturn<PendingApply>(PENDING_APPLY_KEY, (kept) => isThisRole(kept, callId, roleId));
    section.current?.scrollIntoView({ block: 'start' });
  }, [returned, callId, roleId]);
  const formOpen = applying || (returned && !leftReturn);
  // The deadline as of when the page opened; the server decides in the end.
  const [openedAt] = useState(() => Date.now());
  const applications = useQuery({ ...myApplicationsQueryOptions(), enabled: signedIn });
  const waiting = useOwnerEntries(applicationOutbox, signedIn)
    .map((entry) => entry.payload as QueuedApplication)
    .find((application) => application.roleId === role.id);
  const mine = applications.data?.find((application) => application.role_id === role.id);
  const closed = role.status === 'closed' || call.status === 'closed' || Date.parse(call.deadline) <= openedAt;
  // Every opening taken by someone the poster selected: the server takes no more applications either.
  const filled = role.openings_filled >= role.openings;
  const headingId = `role-${role.id}`;
  return (
    <section className={classes.card} aria-labelledby={headingId} ref={section}>
      <Group justify="space-between" align="flex-start">
        <Title order={3} id={headingId} size="h4">
          {role.name}
        </Title>
        {role.status === 'closed' ? (
          <Badge color="gray.8">{call_role_closed()}</Badge>
        ) : filled ? (
          <Badge color="gray.8">{call_role_filled()}</Badge>
        ) : null}
      </Group>
      {role.description ? <Text mt={4}>{role.description}</Text> : null}
      <dl className={classes.facts}>
        <dt>{call_gender()}</dt>
        <dd>
          {role.genders.length === 0
            ? auditions_any()
            : role.genders.map((gender) => genderWords[gender]).join(role_or())}
        </dd>
        <dt>{auditions_playing_age()}</dt>
        <dd>
          {role.age_min}–{role.age_max}
        </dd>
        {role.languages.length > 0 ? (
          <>
            <dt>{call_languages()}</dt>
            <dd>{role.languages.join(', ')}</dd>
          </>
        ) : null}
        <dt>{call_pay()}</dt>
        <dd>{role.paid ? formatRupees(role.pay_inr) : role_unpaid()}</dd>
        <dt>{call_openings()}</dt>
        <dd>
          {role.openings}
          {role.openings_filled > 0
            ? call_openings_filled({ count: Math.min(role.openings_filled, role.openings) })
            : ''}
        </dd>
        <dt>{call_send()}</dt>
        <dd>
          {[
            role.requires.photo ? call_send_photo() : null,
            role.requires.reel ? call_send_reel() : null,
            role.requires.self_tape ? call_send_self_tape() : null,
          ]
            .filter(Boolean)
            .join(', ') || call_send_note()}
        </dd>
      </dl>
      {role.requires.self_tape && role.self_tape_instructions ? (
        <Text size="sm" mt="xs">
          <strong>{call_self_tape()}</strong> {role.self_tape_instructions}
        </Text>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        {mine ? (
          <Group gap="xs">
            <Text size="sm">{call_you_applied()}</Text>
            <Badge color={statusColors[mine.status]}>{statusLabels[mine.status]}</Badge>
            <Anchor component={Link} to="/me/applications" size="sm">
              {auditions_my_applications()}
            </Anchor>
          </Group>
        ) : waiting ? (
          <>
            <Alert color="yellow" variant="light" role="status">
              {waiting.tapeKey === undefined ? call_waiting() : tapeRec_waiting_text()}
            </Alert>
            <TapeUploadStatus roleId={role.id} />
          </>
        ) : closed ? (
          <Text size="sm" c="dimmed">
            {call_applications_closed()}
          </Text>
        ) : filled ? (
          <Text size="sm" c="dimmed">
            {role.openings === 1 ? call_filled_one() : call_filled_other({ count: role.openings })}
          </Text>
        ) : own ? null : formOpen && unconfirmed ? (
          <EmailConfirmationNotice action={confirmNotice_action_apply()} />
        ) : formOpen ? (
          <ApplyForm
            call={call}
            role={role}
            onDone={() => {
              setApplying(false);
              setLeftReturn(true);
            }}
          />
        ) : (
          <Button
            onClick={() => {
              if (signedIn) {
                setApplying(true);
                return;
              }
              const pending: PendingApply = { callId: call.id, roleId: role.id };
              keepForReturn(PENDING_APPLY_KEY, pending);
              void navigate({ to: '/login', search: { redirect: location.href } });
            }}
          >
            {apply_for({ role: role.name })}
          </Button>
        )}
      </div>
    </section>
  );
}

function SaveButton({ call }: { call: CastingCall }) {
  const saved = useQuery(savedCallsQueryOptions());
  const save = useSaveForLater(call.id);
  const isSaved = saved.data?.some((item) => item.id === call.id) ?? false;
  return (
    <Button variant="light" loading={save.isPending} onClick={() => save.mutate(!isSaved)} aria-pressed={isSaved}>
      {isSaved ? call_saved() : call_save()}
    </Button>
  );
}

/** `/auditions/{id}`: a casting call with its roles, applying, saving and reporting. */
export function CallPage({ callId }: { callId: number }) {
  const query = useQuery(callQueryOptions(callId));
  const signedIn = useAppStore((state) => state.signedIn);
  // Loaded with the page, so that Apply opens at once, and also offline; it also tells the poster their own call.
  const me = useQuery({ ...applicantProfileQueryOptions(), enabled: signedIn });
  const navigate = useNavigate();
  const location = useLocation();
  const [reporting, setReporting] = useState(false);

  if (query.error instanceof CallNotFoundError) {
    return (
      <PageContainer>
        <DocumentTitle page={call_not_found()} />
        <Title order={1}>{call_not_found()}</Title>
        <Text mt="sm" mb="lg">
          {call_not_found_text()}
        </Text>
        <Button renderRoot={(props) => <Link {...props} to="/auditions" />}>{call_see_open()}</Button>
      </PageContainer>
    );
  }
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? (
          <LoadError title={call_load_failed()} what="call" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState label={call_loading()} />
        )}
      </PageContainer>
    );
  }
  const call = query.data;
  // The poster manages their call here; applying to, saving or reporting it is for everyone else.
  const own = signedIn && me.data?.handle === call.poster.handle;
  const note = call.content_note;
  const sensitive = [
    note.nudity ? call_nudity() : null,
    note.intimacy ? call_intimacy() : null,
    note.violence ? call_violence() : null,
  ].filter(Boolean);
  return (
    <PageContainer>
      <DocumentTitle page={call_title({ title: call.title })} />
      <CallMeta call={call} />
      <article>
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to="/auditions">
            {call_auditions()}
          </Anchor>{' '}
          / {projectTypeLabels[call.project_type]}
        </Text>
        <Title order={1} mt={4}>
          {call.title}
        </Title>
        {call.status !== 'published' ? (
          <Alert color={call.status === 'closed' ? 'gray' : 'yellow'} variant="light" mt="sm">
            {call.status === 'closed'
              ? call_closed_notice()
              : call.status === 'pending'
                ? call_pending_notice()
                : call_unpublished_notice()}
          </Alert>
        ) : null}
        <Group gap={6} mt="xs">
          <Text>
            {call_by_before()}
            <Anchor
              renderRoot={(props) => <Link {...props} to="/profiles/$handle" params={{ handle: call.poster.handle }} />}
            >
              {call.poster.display_name}
            </Anchor>
            {call_by_after()}
          </Text>
          {call.poster.verified ? (
            <Badge color="teal.9" variant="filled" size="sm">
              {auditions_verified()}
            </Badge>
          ) : null}
        </Group>
        <dl className={classes.facts}>
          <dt>{call_where()}</dt>
          <dd>{placeOf(call)}</dd>
          {call.shoot_start ? (
            <>
              <dt>{call_shoot()}</dt>
              <dd>
                {formatDay(call.shoot_start)}
                {call.shoot_end ? call_shoot_to({ date: formatDay(call.shoot_end) }) : ''}
              </dd>
            </>
          ) : null}
          <dt>{call_apply_by()}</dt>
          <dd>{call_india_time({ time: formatIndiaTime(call.deadline) })}</dd>
          <dt>{call_content()}</dt>
          <dd>
            {sensitive.length > 0
              ? call_includes({ list: sensitive.join(', '), details: note.details })
              : note.details || call_no_sensitive()}
          </dd>
        </dl>
        <Text mt="md" style={{ whiteSpace: 'pre-line' }}>
          {call.description}
        </Text>
        <Alert color="saffron" variant="light" mt="md" title={call_never_pay_title()}>
          {call_never_pay_text()}
        </Alert>
        {own ? (
          <Group gap="sm" mt="md" data-testid="own-call-actions">
            <Text size="sm" fw={600} w="100%">
              {call_yours()}
            </Text>
            <Button
              renderRoot={(props) => (
                <Link {...props} to="/me/casting-calls/$callId" params={{ callId: String(call.id) }} />
              )}
            >
              {call_applicants()}
            </Button>
            {call.status !== 'closed' ? (
              <Button
                variant="light"
                renderRoot={(props) => (
                  <Link {...props} to="/me/casting-calls/$callId/edit" params={{ callId: String(call.id) }} />
                )}
              >
                {call_edit()}
              </Button>
            ) : null}
          </Group>
        ) : (
          <Group gap="sm" mt="md">
            {signedIn ? <SaveButton call={call} /> : null}
            <Button
              variant="subtle"
              color="red"
              onClick={() => {
                if (!signedIn) void navigate({ to: '/login', search: { redirect: location.href } });
                else setReporting(true);
              }}
            >
              {call_report()}
            </Button>
          </Group>
        )}
        {call.status === 'published' || call.status === 'closed' ? (
          <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
            <ShareButton
              path={`/auditions/${call.id}`}
              title={call_title({ title: call.title })}
              text={share_call_text({ title: call.title })}
            />
          </div>
        ) : null}
        <section className={classes.section} aria-labelledby="roles-heading">
          <Title order={2} size="h3" id="roles-heading" mb="sm">
            {call_roles()}
          </Title>
          <Stack gap="md">
            {call.roles.map((role) => (
              <RoleView key={role.id} call={call} role={role} own={own} />
            ))}
          </Stack>
        </section>
      </article>
      {reporting ? <ReportCallDialog call={call} onClose={() => setReporting(false)} /> : null}
    </PageContainer>
  );
}

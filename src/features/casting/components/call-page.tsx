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
import { MAX_NOTE, NEVER_PAY_NOTICE, openingsFilledText, type CastingCall, type CastingRole } from '@/contract/casting';
import { ApiError, NetworkError } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { keepForReturn, keptForReturn, takeOnReturn } from '@/lib/kept-for-return';
import { useOutboxRecorder, useOwnerEntries } from '@/offline/use-outbox';
import { useEmailUnconfirmed } from '@/hooks/use-email-unconfirmed';
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

/** A shared link's card (Open Graph) and the job posting search engines read (schema.org JobPosting). */
function CallMeta({ call }: { call: CastingCall }) {
  const description = call.description.slice(0, 200);
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
      <meta property="og:title" content={`Casting call: ${call.title}`} />
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

const OFFLINE_QUEUED =
  'You are offline: your application is saved on this device and will be sent once you are back online.';

function ApplyForm({ call, role, onDone }: { call: CastingCall; role: CastingRole; onDone: () => void }) {
  const profile = useQuery(applicantProfileQueryOptions());
  const queryClient = useQueryClient();
  const outbox = useOutboxRecorder(applicationOutbox);
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
        title="Your profile could not be loaded"
        what="profile"
        error={profile.error ?? profile.failureReason}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  if (profile.isPending) return <LoadingState label="Loading your profile" />;
  const mine = profile.data;
  const main = mine?.photos.find((photo) => photo.main) ?? mine?.photos[0];
  if (!mine || mine.kind !== 'person' || !main) {
    return (
      <Alert color="yellow" variant="light">
        {mine && mine.kind !== 'person'
          ? 'Applications are made from a person’s profile.'
          : 'To apply, your profile needs your name, your city and a main photo.'}{' '}
        <Anchor component={Link} to="/my-profile">
          Go to My profile
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
    if (role.requires.self_tape && !input.self_tape_url) {
      setErrors({ self_tape_url: 'This role asks for a self-tape link' });
      return;
    }
    if (role.requires.reel && !input.reel) {
      setErrors({ reel: 'This role asks for a reel' });
      return;
    }
    const queued: QueuedApplication = {
      callId: call.id,
      roleId: role.id,
      callTitle: call.title,
      roleName: role.name,
      input,
    };
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
    } catch (error) {
      if (error instanceof NetworkError) {
        await outbox.record(queued, { idempotencyKey, sent });
        notifications.show({ color: 'yellow', title: 'Saved on this device', message: OFFLINE_QUEUED });
        onDone();
      } else if (error instanceof ApiError && error.field) {
        setErrors({ [error.field.split('.')[0]!]: error.message });
      } else {
        setFailure(error instanceof ApiError ? error.message : 'Something went wrong on our side. Please try again.');
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      ref={focusFirstError}
      noValidate
      aria-label={`Apply for ${role.name}`}
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
          label="Photos to send"
          description="The first one you tick is the one the casting team sees on your card."
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
                    alt={`Your photo ${index + 1}${photo.main ? ' (main)' : ''}`}
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
            label={role.requires.reel ? 'Reel' : 'Reel (optional)'}
            placeholder={mine.reels.length > 0 ? 'Choose one of your reels' : 'Add a reel to your profile first'}
            data={mine.reels}
            value={reel}
            onChange={setReel}
            clearable
            error={errors.reel}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {role.requires.self_tape ? (
          <TextInput
            label="Self-tape link"
            description={role.self_tape_instructions}
            placeholder="https://"
            value={selfTape}
            onChange={(event) => setSelfTape(event.currentTarget.value)}
            error={errors.self_tape_url}
            required
          />
        ) : null}
        <Textarea
          label="A note to the casting team (optional)"
          autosize
          minRows={3}
          maxLength={MAX_NOTE}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          description={`${note.length} / ${MAX_NOTE} characters`}
          error={errors.note}
        />
        <Group>
          <Button type="submit" loading={sending} disabled={!outbox.ready}>
            Send application
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const reportReasons = [
  { value: 'asks_for_money', label: 'It asks for money' },
  { value: 'fake', label: 'It looks fake' },
  { value: 'inappropriate', label: 'Inappropriate content' },
];

function ReportCallDialog({ call, onClose }: { call: CastingCall; onClose: () => void }) {
  const report = useReportCall(call.id);
  return <ReportDialog title={`Report ${call.title}`} reasons={reportReasons} report={report} onClose={onClose} />;
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
  const waiting = useOwnerEntries(applicationOutbox, signedIn).some(
    (entry) => (entry.payload as QueuedApplication).roleId === role.id,
  );
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
          <Badge color="gray.8">Closed</Badge>
        ) : filled ? (
          <Badge color="gray.8">Filled</Badge>
        ) : null}
      </Group>
      {role.description ? <Text mt={4}>{role.description}</Text> : null}
      <dl className={classes.facts}>
        <dt>Gender</dt>
        <dd>{role.genders.length === 0 ? 'Any' : role.genders.map((gender) => genderWords[gender]).join(' or ')}</dd>
        <dt>Playing age</dt>
        <dd>
          {role.age_min}–{role.age_max}
        </dd>
        {role.languages.length > 0 ? (
          <>
            <dt>Languages</dt>
            <dd>{role.languages.join(', ')}</dd>
          </>
        ) : null}
        <dt>Pay</dt>
        <dd>{role.paid ? formatRupees(role.pay_inr) : 'Unpaid'}</dd>
        <dt>Openings</dt>
        <dd>
          {role.openings}
          {role.openings_filled > 0 ? ` (${Math.min(role.openings_filled, role.openings)} filled)` : ''}
        </dd>
        <dt>Send</dt>
        <dd>
          {[
            role.requires.photo ? 'photo' : null,
            role.requires.reel ? 'reel' : null,
            role.requires.self_tape ? 'self-tape' : null,
          ]
            .filter(Boolean)
            .join(', ') || 'a note'}
        </dd>
      </dl>
      {role.requires.self_tape && role.self_tape_instructions ? (
        <Text size="sm" mt="xs">
          <strong>Self-tape:</strong> {role.self_tape_instructions}
        </Text>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        {mine ? (
          <Group gap="xs">
            <Text size="sm">You applied:</Text>
            <Badge color={statusColors[mine.status]}>{statusLabels[mine.status]}</Badge>
            <Anchor component={Link} to="/me/applications" size="sm">
              My applications
            </Anchor>
          </Group>
        ) : waiting ? (
          <Alert color="yellow" variant="light" role="status">
            Your application is saved on this device and will be sent once you are back online.
          </Alert>
        ) : closed ? (
          <Text size="sm" c="dimmed">
            Applications are closed.
          </Text>
        ) : filled ? (
          <Text size="sm" c="dimmed">
            {openingsFilledText(role.openings)}.
          </Text>
        ) : own ? null : formOpen && unconfirmed ? (
          <EmailConfirmationNotice action="apply" />
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
            Apply for {role.name}
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
      {isSaved ? 'Saved' : 'Save for later'}
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
        <DocumentTitle page="Casting call not found" />
        <Title order={1}>Casting call not found</Title>
        <Text mt="sm" mb="lg">
          There is no open casting call at this address. It may have been taken down.
        </Text>
        <Button renderRoot={(props) => <Link {...props} to="/auditions" />}>See open auditions</Button>
      </PageContainer>
    );
  }
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? (
          <LoadError
            title="This casting call could not be loaded"
            what="call"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingState label="Loading the casting call" />
        )}
      </PageContainer>
    );
  }
  const call = query.data;
  // The poster manages their call here; applying to, saving or reporting it is for everyone else.
  const own = signedIn && me.data?.handle === call.poster.handle;
  const note = call.content_note;
  const sensitive = [
    note.nudity ? 'nudity' : null,
    note.intimacy ? 'intimacy' : null,
    note.violence ? 'violence' : null,
  ].filter(Boolean);
  return (
    <PageContainer>
      <DocumentTitle page={`Casting call: ${call.title}`} />
      <CallMeta call={call} />
      <article>
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to="/auditions">
            Auditions
          </Anchor>{' '}
          / {projectTypeLabels[call.project_type]}
        </Text>
        <Title order={1} mt={4}>
          {call.title}
        </Title>
        {call.status !== 'published' ? (
          <Alert color={call.status === 'closed' ? 'gray' : 'yellow'} variant="light" mt="sm">
            {call.status === 'closed'
              ? 'This call is closed.'
              : call.status === 'pending'
                ? 'This call is waiting for a moderator: only you and our staff can see it.'
                : 'This call was unpublished by a moderator.'}
          </Alert>
        ) : null}
        <Group gap={6} mt="xs">
          <Text>
            by{' '}
            <Anchor
              renderRoot={(props) => <Link {...props} to="/profiles/$handle" params={{ handle: call.poster.handle }} />}
            >
              {call.poster.display_name}
            </Anchor>
          </Text>
          {call.poster.verified ? (
            <Badge color="teal.9" variant="filled" size="sm">
              Verified
            </Badge>
          ) : null}
        </Group>
        <dl className={classes.facts}>
          <dt>Where</dt>
          <dd>{placeOf(call)}</dd>
          {call.shoot_start ? (
            <>
              <dt>Shoot</dt>
              <dd>
                {formatDay(call.shoot_start)}
                {call.shoot_end ? ` to ${formatDay(call.shoot_end)}` : ''}
              </dd>
            </>
          ) : null}
          <dt>Apply by</dt>
          <dd>{formatIndiaTime(call.deadline)} (India time)</dd>
          <dt>Content</dt>
          <dd>
            {sensitive.length > 0
              ? `Includes ${sensitive.join(', ')}. ${note.details}`
              : note.details || 'No nudity, intimacy or violence.'}
          </dd>
        </dl>
        <Text mt="md" style={{ whiteSpace: 'pre-line' }}>
          {call.description}
        </Text>
        <Alert color="saffron" variant="light" mt="md" title={NEVER_PAY_NOTICE}>
          If anyone asks you for money to audition for this call, do not pay: report it and our moderators will look at
          it.
        </Alert>
        {own ? (
          <Group gap="sm" mt="md" data-testid="own-call-actions">
            <Text size="sm" fw={600} w="100%">
              This is your casting call.
            </Text>
            <Button
              renderRoot={(props) => (
                <Link {...props} to="/me/casting-calls/$callId" params={{ callId: String(call.id) }} />
              )}
            >
              Applicants
            </Button>
            {call.status !== 'closed' ? (
              <Button
                variant="light"
                renderRoot={(props) => (
                  <Link {...props} to="/me/casting-calls/$callId/edit" params={{ callId: String(call.id) }} />
                )}
              >
                Edit
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
              Report this call
            </Button>
          </Group>
        )}
        <section className={classes.section} aria-labelledby="roles-heading">
          <Title order={2} size="h3" id="roles-heading" mb="sm">
            Roles
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

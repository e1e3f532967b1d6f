// The number fields' and fieldsets' stylesheets, loaded with this page's code (src/app/mantine-styles.ts has the rest).
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';
import { DraftNotice } from '@/components/draft-notice';
import { EmailConfirmationNotice } from '@/components/email-confirmation-notice';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import {
  canPostCalls,
  INDIA_OFFSET,
  MAX_ROLES,
  projectTypes,
  type CallInput,
  type CastingCall,
  type ProjectType,
} from '@/contract/casting';
import { genders } from '@/contract/profiles';
import { MAX_TAPE_SECONDS } from '@/contract/tapes';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { useEmailUnconfirmed } from '@/hooks/use-email-unconfirmed';
import { useFormDraft } from '@/offline/use-form-draft';
import { post_call_add_role } from '@/paraglide/messages/post_call_add_role.js';
import { post_call_adults_text } from '@/paraglide/messages/post_call_adults_text.js';
import { post_call_adults_title } from '@/paraglide/messages/post_call_adults_title.js';
import { post_call_age_from } from '@/paraglide/messages/post_call_age_from.js';
import { post_call_age_to } from '@/paraglide/messages/post_call_age_to.js';
import { post_call_asks_photo } from '@/paraglide/messages/post_call_asks_photo.js';
import { post_call_asks_reel } from '@/paraglide/messages/post_call_asks_reel.js';
import { post_call_asks_self_tape } from '@/paraglide/messages/post_call_asks_self_tape.js';
import { post_call_cancel } from '@/paraglide/messages/post_call_cancel.js';
import { post_call_cannot_text } from '@/paraglide/messages/post_call_cannot_text.js';
import { post_call_cannot_title } from '@/paraglide/messages/post_call_cannot_title.js';
import { post_call_city } from '@/paraglide/messages/post_call_city.js';
import { post_call_come_back } from '@/paraglide/messages/post_call_come_back.js';
import { post_call_content_note } from '@/paraglide/messages/post_call_content_note.js';
import { post_call_create_profile } from '@/paraglide/messages/post_call_create_profile.js';
import { post_call_create_profile_text } from '@/paraglide/messages/post_call_create_profile_text.js';
import { post_call_create_profile_title } from '@/paraglide/messages/post_call_create_profile_title.js';
import { post_call_deadline } from '@/paraglide/messages/post_call_deadline.js';
import { post_call_deadline_time } from '@/paraglide/messages/post_call_deadline_time.js';
import { post_call_description } from '@/paraglide/messages/post_call_description.js';
import { post_call_edit } from '@/paraglide/messages/post_call_edit.js';
import { post_call_edit_profile } from '@/paraglide/messages/post_call_edit_profile.js';
import { post_call_genders } from '@/paraglide/messages/post_call_genders.js';
import { post_call_hidden_text } from '@/paraglide/messages/post_call_hidden_text.js';
import { post_call_hidden_title } from '@/paraglide/messages/post_call_hidden_title.js';
import { post_call_intimacy } from '@/paraglide/messages/post_call_intimacy.js';
import { post_call_languages } from '@/paraglide/messages/post_call_languages.js';
import { post_call_languages_hint } from '@/paraglide/messages/post_call_languages_hint.js';
import { post_call_load_failed } from '@/paraglide/messages/post_call_load_failed.js';
import { post_call_loading } from '@/paraglide/messages/post_call_loading.js';
import { post_call_moderation_hint } from '@/paraglide/messages/post_call_moderation_hint.js';
import { post_call_new } from '@/paraglide/messages/post_call_new.js';
import { post_call_nudity } from '@/paraglide/messages/post_call_nudity.js';
import { post_call_offline } from '@/paraglide/messages/post_call_offline.js';
import { post_call_openings } from '@/paraglide/messages/post_call_openings.js';
import { post_call_paid } from '@/paraglide/messages/post_call_paid.js';
import { post_call_pay } from '@/paraglide/messages/post_call_pay.js';
import { post_call_post } from '@/paraglide/messages/post_call_post.js';
import { post_call_profile_failed } from '@/paraglide/messages/post_call_profile_failed.js';
import { post_call_profile_loading } from '@/paraglide/messages/post_call_profile_loading.js';
import { post_call_project_title } from '@/paraglide/messages/post_call_project_title.js';
import { post_call_project_type } from '@/paraglide/messages/post_call_project_type.js';
import { post_call_published_text } from '@/paraglide/messages/post_call_published_text.js';
import { post_call_published_title } from '@/paraglide/messages/post_call_published_title.js';
import { post_call_remote } from '@/paraglide/messages/post_call_remote.js';
import { post_call_remove_role } from '@/paraglide/messages/post_call_remove_role.js';
import { post_call_role_closed } from '@/paraglide/messages/post_call_role_closed.js';
import { post_call_role_description } from '@/paraglide/messages/post_call_role_description.js';
import { post_call_role_n } from '@/paraglide/messages/post_call_role_n.js';
import { post_call_role_name } from '@/paraglide/messages/post_call_role_name.js';
import { post_call_roles } from '@/paraglide/messages/post_call_roles.js';
import { post_call_save_changes } from '@/paraglide/messages/post_call_save_changes.js';
import { post_call_scenes } from '@/paraglide/messages/post_call_scenes.js';
import { post_call_scenes_hint } from '@/paraglide/messages/post_call_scenes_hint.js';
import { post_call_self_tape_instructions } from '@/paraglide/messages/post_call_self_tape_instructions.js';
import { post_call_shoot_ends } from '@/paraglide/messages/post_call_shoot_ends.js';
import { post_call_shoot_starts } from '@/paraglide/messages/post_call_shoot_starts.js';
import { post_call_submit } from '@/paraglide/messages/post_call_submit.js';
import { post_call_violence } from '@/paraglide/messages/post_call_violence.js';
import { post_call_with_moderators_text } from '@/paraglide/messages/post_call_with_moderators_text.js';
import { post_call_with_moderators_title } from '@/paraglide/messages/post_call_with_moderators_title.js';
import { useSaveCall } from '../api/casting-mutations';
import { applicantProfileQueryOptions, callQueryOptions } from '../api/casting-queries';
import { genderWords, projectTypeLabels } from './casting-labels';
import { confirmNotice_action_post } from '@/paraglide/messages/confirmnotice_action_post1.js';
import { tapeFin_max_length } from '@/paraglide/messages/tapefin_max_length1.js';
import { tapeFin_max_length_hint } from '@/paraglide/messages/tapefin_max_length_hint1.js';
import { tapeFin_max_length_invalid } from '@/paraglide/messages/tapefin_max_length_invalid1.js';

interface RoleValues {
  id?: number;
  name: string;
  description: string;
  genders: string[];
  age_min: number | string;
  age_max: number | string;
  languages: string;
  paid: boolean;
  pay_inr: number | string;
  requires: { photo: boolean; reel: boolean; self_tape: boolean };
  self_tape_instructions: string;
  /** The longest tape as a casting director types it: minutes (`3`) or minutes and seconds (`2:30`). */
  self_tape_max_seconds: string;
  openings: number | string;
  closed?: boolean;
}

interface CallValues {
  title: string;
  project_type: ProjectType | '';
  description: string;
  city: string;
  remote: boolean;
  shoot_start: string;
  shoot_end: string;
  content_note: { nudity: boolean; intimacy: boolean; violence: boolean; details: string };
  deadline_date: string;
  deadline_time: string;
  roles: RoleValues[];
}

const emptyRole = (): RoleValues => ({
  name: '',
  description: '',
  genders: [],
  age_min: 18,
  age_max: 30,
  languages: '',
  paid: true,
  pay_inr: '',
  requires: { photo: true, reel: false, self_tape: false },
  self_tape_instructions: '',
  self_tape_max_seconds: tapeLengthText(MAX_TAPE_SECONDS),
  openings: 1,
});

function valuesOf(call: CastingCall | null): CallValues {
  if (!call) {
    return {
      title: '',
      project_type: '',
      description: '',
      city: '',
      remote: false,
      shoot_start: '',
      shoot_end: '',
      content_note: { nudity: false, intimacy: false, violence: false, details: '' },
      deadline_date: '',
      deadline_time: '23:59',
      roles: [emptyRole()],
    };
  }
  return {
    title: call.title,
    project_type: call.project_type,
    description: call.description,
    city: call.city,
    remote: call.remote,
    shoot_start: call.shoot_start ?? '',
    shoot_end: call.shoot_end ?? '',
    content_note: call.content_note,
    deadline_date: call.deadline.slice(0, 10),
    deadline_time: call.deadline.slice(11, 16),
    roles: call.roles.map((role) => ({
      id: role.id,
      name: role.name,
      description: role.description,
      genders: role.genders,
      age_min: role.age_min,
      age_max: role.age_max,
      languages: role.languages.join(', '),
      paid: role.paid,
      pay_inr: role.pay_inr,
      requires: role.requires,
      self_tape_instructions: role.self_tape_instructions,
      self_tape_max_seconds: tapeLengthText(role.self_tape_max_seconds),
      openings: role.openings,
      closed: role.status === 'closed',
    })),
  };
}

/** `600` → `10`, `150` → `2:30`. */
function tapeLengthText(seconds: number): string {
  const rest = seconds % 60;
  return rest === 0 ? String(seconds / 60) : `${Math.floor(seconds / 60)}:${String(rest).padStart(2, '0')}`;
}

/** `3` → 180, `2:30` → 150, `0:45` → 45; null for anything else or outside 1 second to 10 minutes. */
function tapeLengthSeconds(text: string): number | null {
  const match = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*(?:min|mins|minutes)?\s*$/i.exec(text);
  if (!match) return null;
  const extra = Number(match[2] ?? 0);
  const seconds = Number(match[1]) * 60 + extra;
  if (extra > 59 || seconds < 1 || seconds > MAX_TAPE_SECONDS) return null;
  return seconds;
}

const whole = (value: number | string) => (typeof value === 'number' ? value : Number.parseInt(value, 10));

/** What the form holds, as the API takes it (the deadline in India's time). */
function callInput(values: CallValues): CallInput {
  return {
    title: values.title,
    project_type: values.project_type as ProjectType,
    description: values.description,
    city: values.city,
    remote: values.remote,
    shoot_start: values.shoot_start || null,
    shoot_end: values.shoot_end || null,
    content_note: values.content_note,
    deadline: values.deadline_date
      ? `${values.deadline_date}T${values.deadline_time || '23:59'}:00${INDIA_OFFSET}`
      : '',
    roles: values.roles.map(({ closed: _closed, ...role }) => ({
      ...role,
      genders: role.genders as CallInput['roles'][number]['genders'],
      age_min: whole(role.age_min),
      age_max: whole(role.age_max),
      languages: role.languages
        .split(',')
        .map((language) => language.trim())
        .filter(Boolean),
      pay_inr: role.paid ? whole(role.pay_inr) || 0 : 0,
      // Refused by the form before it is sent (submit); 0 only if it slipped through, which the server refuses.
      self_tape_max_seconds: tapeLengthSeconds(role.self_tape_max_seconds) ?? 0,
      openings: whole(role.openings) || 1,
    })),
  };
}

function CallForm({ call }: { call: CastingCall | null }) {
  const form = useForm<CallValues>({ mode: 'controlled', initialValues: valuesOf(call) });
  const draft = useFormDraft(form, `casting-call:${call?.id ?? 'new'}`);
  const save = useSaveCall(call?.id ?? null);
  const navigate = useNavigate();
  const values = form.getValues();

  const submit = form.onSubmit(async (current) => {
    form.clearErrors();
    const badLength = current.roles.findIndex(
      (role) => role.requires.self_tape && tapeLengthSeconds(role.self_tape_max_seconds) === null,
    );
    if (badLength >= 0) {
      form.setFieldError(`roles.${badLength}.self_tape_max_seconds`, tapeFin_max_length_invalid());
      return;
    }
    try {
      const saved = await save.mutateAsync(callInput(current));
      await draft.clear();
      notifications.show({
        color: 'green',
        title: saved.status === 'published' ? post_call_published_title() : post_call_with_moderators_title(),
        message: saved.status === 'published' ? post_call_published_text() : post_call_with_moderators_text(),
      });
      void navigate({ to: '/me/casting-calls/$callId', params: { callId: String(saved.id) } });
    } catch (error) {
      // The deadline's two fields stand for the API's one.
      const message = applyServerError(
        {
          setFieldError: (path, text) => form.setFieldError(path === 'deadline' ? 'deadline_date' : path, text),
          getValues: () => ({ ...form.getValues(), deadline: '' }),
        },
        error,
        post_call_offline(),
      );
      if (message) form.setFieldError('form', message);
    }
  });

  return (
    <form ref={focusFirstError} noValidate onSubmit={submit} aria-label={call ? post_call_edit() : post_call_new()}>
      <Stack gap="md">
        {form.errors.form ? (
          <Alert color="red" variant="light" role="alert">
            {form.errors.form}
          </Alert>
        ) : null}
        <TextInput label={post_call_project_title()} required {...form.getInputProps('title')} />
        <Select
          label={post_call_project_type()}
          required
          data={projectTypes.map((type) => ({ value: type, label: projectTypeLabels[type] }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('project_type')}
        />
        <Textarea
          label={post_call_description()}
          required
          autosize
          minRows={4}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={post_call_city()} {...form.getInputProps('city')} />
          <Checkbox
            label={post_call_remote()}
            mt={{ sm: 30 }}
            {...form.getInputProps('remote', { type: 'checkbox' })}
          />
          <TextInput label={post_call_shoot_starts()} type="date" {...form.getInputProps('shoot_start')} />
          <TextInput label={post_call_shoot_ends()} type="date" {...form.getInputProps('shoot_end')} />
          <TextInput label={post_call_deadline()} type="date" required {...form.getInputProps('deadline_date')} />
          <TextInput label={post_call_deadline_time()} type="time" {...form.getInputProps('deadline_time')} />
        </SimpleGrid>
        <Fieldset legend={post_call_content_note()}>
          <Group>
            <Checkbox label={post_call_nudity()} {...form.getInputProps('content_note.nudity', { type: 'checkbox' })} />
            <Checkbox
              label={post_call_intimacy()}
              {...form.getInputProps('content_note.intimacy', { type: 'checkbox' })}
            />
            <Checkbox
              label={post_call_violence()}
              {...form.getInputProps('content_note.violence', { type: 'checkbox' })}
            />
          </Group>
          <Textarea
            mt="sm"
            label={post_call_scenes()}
            description={post_call_scenes_hint()}
            autosize
            minRows={2}
            {...form.getInputProps('content_note.details')}
          />
        </Fieldset>
        <Title order={2} size="h3">
          {post_call_roles()}
        </Title>
        {form.errors.roles ? (
          <Text c="red" size="sm" role="alert">
            {form.errors.roles}
          </Text>
        ) : null}
        {values.roles.map((role, index) => (
          <Fieldset
            key={role.id ?? `new-${index}`}
            legend={role.name || post_call_role_n({ number: index + 1 })}
            disabled={role.closed}
          >
            <Stack gap="sm">
              {role.closed ? <Text size="sm">{post_call_role_closed()}</Text> : null}
              <TextInput label={post_call_role_name()} required {...form.getInputProps(`roles.${index}.name`)} />
              <Textarea
                label={post_call_role_description()}
                autosize
                minRows={2}
                {...form.getInputProps(`roles.${index}.description`)}
              />
              <Checkbox.Group label={post_call_genders()} {...form.getInputProps(`roles.${index}.genders`)}>
                <Group mt={6}>
                  {genders
                    .filter((gender) => gender !== 'prefer_not_to_say')
                    .map((gender) => (
                      <Checkbox key={gender} value={gender} label={genderWords[gender]} />
                    ))}
                </Group>
              </Checkbox.Group>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <NumberInput
                  label={post_call_age_from()}
                  min={1}
                  max={100}
                  {...form.getInputProps(`roles.${index}.age_min`)}
                />
                <NumberInput
                  label={post_call_age_to()}
                  min={1}
                  max={100}
                  {...form.getInputProps(`roles.${index}.age_max`)}
                />
                <NumberInput
                  label={post_call_openings()}
                  min={1}
                  max={1000}
                  {...form.getInputProps(`roles.${index}.openings`)}
                />
                <NumberInput
                  label={post_call_pay()}
                  min={0}
                  thousandSeparator=","
                  thousandsGroupStyle="lakh"
                  disabled={!role.paid}
                  {...form.getInputProps(`roles.${index}.pay_inr`)}
                />
              </SimpleGrid>
              <TextInput
                label={post_call_languages()}
                description={post_call_languages_hint()}
                {...form.getInputProps(`roles.${index}.languages`)}
              />
              <Group>
                <Checkbox
                  label={post_call_paid()}
                  {...form.getInputProps(`roles.${index}.paid`, { type: 'checkbox' })}
                />
                <Checkbox
                  label={post_call_asks_photo()}
                  {...form.getInputProps(`roles.${index}.requires.photo`, { type: 'checkbox' })}
                />
                <Checkbox
                  label={post_call_asks_reel()}
                  {...form.getInputProps(`roles.${index}.requires.reel`, { type: 'checkbox' })}
                />
                <Checkbox
                  label={post_call_asks_self_tape()}
                  {...form.getInputProps(`roles.${index}.requires.self_tape`, { type: 'checkbox' })}
                />
              </Group>
              {role.requires.self_tape ? (
                <>
                  <Textarea
                    label={post_call_self_tape_instructions()}
                    autosize
                    minRows={2}
                    {...form.getInputProps(`roles.${index}.self_tape_instructions`)}
                  />
                  <TextInput
                    label={tapeFin_max_length()}
                    description={tapeFin_max_length_hint()}
                    inputMode="decimal"
                    maw={260}
                    {...form.getInputProps(`roles.${index}.self_tape_max_seconds`)}
                  />
                </>
              ) : null}
              {values.roles.length > 1 && role.id === undefined ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => form.removeListItem('roles', index)}
                >
                  {post_call_remove_role()}
                </Button>
              ) : null}
            </Stack>
          </Fieldset>
        ))}
        {values.roles.length < MAX_ROLES ? (
          <Button variant="light" onClick={() => form.insertListItem('roles', emptyRole())}>
            {post_call_add_role()}
          </Button>
        ) : null}
        <Text size="sm" c="dimmed">
          {post_call_moderation_hint()}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {call ? post_call_save_changes() : post_call_submit()}
          </Button>
          <Button variant="subtle" renderRoot={(props) => <Link {...props} to="/me/casting-calls" />}>
            {post_call_cancel()}
          </Button>
        </Group>
        <DraftNotice draft={draft} />
      </Stack>
    </form>
  );
}

/** The profile page, and back to the new call once the profile is saved. */
function ProfileLink({ children }: { children: string }) {
  return (
    <Anchor
      fw={600}
      renderRoot={(props) => <Link {...props} to="/my-profile" search={{ redirect: '/me/casting-calls/new' }} />}
    >
      {children}
    </Anchor>
  );
}

/**
 * A new call is posted from a profile the server lets post (a production house, a studio, a casting director) and
 * an address that is confirmed: what is missing is said before the form, not after a poster has filled it in.
 */
function NewCall() {
  // Asked again on every visit: the poster may have just made the profile this page sent them to make.
  const profile = useQuery({ ...applicantProfileQueryOptions(), refetchOnMount: 'always' });
  const unconfirmed = useEmailUnconfirmed();
  // Offline before the profile ever loaded, the query waits for the network: say so rather than spin.
  const waitsForNetwork = profile.isPending && profile.fetchStatus === 'paused' && profile.failureReason;
  if (profile.isError || waitsForNetwork) {
    return (
      <LoadError
        title={post_call_profile_failed()}
        what="profile"
        error={profile.error ?? profile.failureReason}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  const mine = profile.data;
  if (mine === undefined || (profile.isFetching && (mine === null || !canPostCalls(mine)))) {
    return <LoadingState label={post_call_profile_loading()} />;
  }
  const blocker =
    mine === null ? (
      <Alert color="yellow" variant="light" role="status" title={post_call_create_profile_title()}>
        <Text size="sm">
          {post_call_create_profile_text()} <ProfileLink>{post_call_create_profile()}</ProfileLink>
          {post_call_come_back()}
        </Text>
      </Alert>
    ) : mine.hidden_by_staff ? (
      <Alert color="red" variant="light" role="status" title={post_call_hidden_title()}>
        <Text size="sm">
          {post_call_hidden_text()} {mine.hidden_reason}
        </Text>
      </Alert>
    ) : mine.guardian ? (
      <Alert color="yellow" variant="light" role="status" title={post_call_adults_title()}>
        <Text size="sm">{post_call_adults_text()}</Text>
      </Alert>
    ) : !canPostCalls(mine) ? (
      <Alert color="yellow" variant="light" role="status" title={post_call_cannot_title()}>
        <Text size="sm">
          {post_call_cannot_text()} <ProfileLink>{post_call_edit_profile()}</ProfileLink>
          {post_call_come_back()}
        </Text>
      </Alert>
    ) : null;
  if (blocker || unconfirmed) {
    return (
      <Stack gap="md">
        {blocker}
        {unconfirmed ? <EmailConfirmationNotice action={confirmNotice_action_post()} /> : null}
      </Stack>
    );
  }
  return <CallForm call={null} />;
}

/** `/me/casting-calls/new` and `/me/casting-calls/{id}/edit`: the poster writes a call and its roles. */
export function CallFormPage({ callId }: { callId: number | null }) {
  const query = useQuery({ ...callQueryOptions(callId ?? 0), enabled: callId !== null });
  const title = callId === null ? post_call_post() : post_call_edit();
  return (
    <PageContainer>
      <DocumentTitle page={title} />
      <Title order={1} mb="md">
        {title}
      </Title>
      {callId === null ? (
        <NewCall />
      ) : query.data ? (
        <CallForm call={query.data} />
      ) : query.isError ? (
        <LoadError
          title={post_call_load_failed()}
          what="call"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <LoadingState label={post_call_loading()} />
      )}
    </PageContainer>
  );
}

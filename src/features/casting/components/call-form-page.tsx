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
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { useEmailUnconfirmed } from '@/hooks/use-email-unconfirmed';
import { useFormDraft } from '@/offline/use-form-draft';
import { useSaveCall } from '../api/casting-mutations';
import { applicantProfileQueryOptions, callQueryOptions } from '../api/casting-queries';
import { genderWords, projectTypeLabels } from './casting-labels';

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
      openings: role.openings,
      closed: role.status === 'closed',
    })),
  };
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
    try {
      const saved = await save.mutateAsync(callInput(current));
      await draft.clear();
      notifications.show({
        color: 'green',
        title: saved.status === 'published' ? 'Your call is published' : 'Your call is with our moderators',
        message:
          saved.status === 'published'
            ? 'Applicants can find it under Auditions.'
            : 'It is published once a moderator has looked at it; you will get a notification.',
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
        'You are offline: your call is not posted yet. Try again when connected.',
      );
      if (message) form.setFieldError('form', message);
    }
  });

  return (
    <form
      ref={focusFirstError}
      noValidate
      onSubmit={submit}
      aria-label={call ? 'Edit casting call' : 'New casting call'}
    >
      <Stack gap="md">
        {form.errors.form ? (
          <Alert color="red" variant="light" role="alert">
            {form.errors.form}
          </Alert>
        ) : null}
        <TextInput label="Project title" required {...form.getInputProps('title')} />
        <Select
          label="Project type"
          required
          data={projectTypes.map((type) => ({ value: type, label: projectTypeLabels[type] }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('project_type')}
        />
        <Textarea label="Description" required autosize minRows={4} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" {...form.getInputProps('city')} />
          <Checkbox
            label="Remote: cast from self-tapes"
            mt={{ sm: 30 }}
            {...form.getInputProps('remote', { type: 'checkbox' })}
          />
          <TextInput label="Shoot starts" type="date" {...form.getInputProps('shoot_start')} />
          <TextInput label="Shoot ends" type="date" {...form.getInputProps('shoot_end')} />
          <TextInput label="Deadline (India time)" type="date" required {...form.getInputProps('deadline_date')} />
          <TextInput label="Deadline time" type="time" {...form.getInputProps('deadline_time')} />
        </SimpleGrid>
        <Fieldset legend="Content note">
          <Group>
            <Checkbox label="Nudity" {...form.getInputProps('content_note.nudity', { type: 'checkbox' })} />
            <Checkbox label="Intimacy" {...form.getInputProps('content_note.intimacy', { type: 'checkbox' })} />
            <Checkbox label="Violence" {...form.getInputProps('content_note.violence', { type: 'checkbox' })} />
          </Group>
          <Textarea
            mt="sm"
            label="What the scenes ask"
            description="Needed when any box is ticked."
            autosize
            minRows={2}
            {...form.getInputProps('content_note.details')}
          />
        </Fieldset>
        <Title order={2} size="h3">
          Roles
        </Title>
        {form.errors.roles ? (
          <Text c="red" size="sm" role="alert">
            {form.errors.roles}
          </Text>
        ) : null}
        {values.roles.map((role, index) => (
          <Fieldset key={role.id ?? `new-${index}`} legend={role.name || `Role ${index + 1}`} disabled={role.closed}>
            <Stack gap="sm">
              {role.closed ? <Text size="sm">This role is closed.</Text> : null}
              <TextInput label="Role name" required {...form.getInputProps(`roles.${index}.name`)} />
              <Textarea
                label="Role description"
                autosize
                minRows={2}
                {...form.getInputProps(`roles.${index}.description`)}
              />
              <Checkbox.Group label="Genders (none ticked: any)" {...form.getInputProps(`roles.${index}.genders`)}>
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
                  label="Plays from age"
                  min={1}
                  max={100}
                  {...form.getInputProps(`roles.${index}.age_min`)}
                />
                <NumberInput label="to age" min={1} max={100} {...form.getInputProps(`roles.${index}.age_max`)} />
                <NumberInput label="Openings" min={1} max={1000} {...form.getInputProps(`roles.${index}.openings`)} />
                <NumberInput
                  label="Pay (₹)"
                  min={0}
                  thousandSeparator=","
                  thousandsGroupStyle="lakh"
                  disabled={!role.paid}
                  {...form.getInputProps(`roles.${index}.pay_inr`)}
                />
              </SimpleGrid>
              <TextInput
                label="Languages"
                description="Separated by commas: Marathi, Hindi"
                {...form.getInputProps(`roles.${index}.languages`)}
              />
              <Group>
                <Checkbox label="Paid" {...form.getInputProps(`roles.${index}.paid`, { type: 'checkbox' })} />
                <Checkbox
                  label="Asks for a photo"
                  {...form.getInputProps(`roles.${index}.requires.photo`, { type: 'checkbox' })}
                />
                <Checkbox
                  label="Asks for a reel"
                  {...form.getInputProps(`roles.${index}.requires.reel`, { type: 'checkbox' })}
                />
                <Checkbox
                  label="Asks for a self-tape"
                  {...form.getInputProps(`roles.${index}.requires.self_tape`, { type: 'checkbox' })}
                />
              </Group>
              {role.requires.self_tape ? (
                <Textarea
                  label="Self-tape instructions"
                  autosize
                  minRows={2}
                  {...form.getInputProps(`roles.${index}.self_tape_instructions`)}
                />
              ) : null}
              {values.roles.length > 1 && role.id === undefined ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => form.removeListItem('roles', index)}
                >
                  Remove this role
                </Button>
              ) : null}
            </Stack>
          </Fieldset>
        ))}
        {values.roles.length < MAX_ROLES ? (
          <Button variant="light" onClick={() => form.insertListItem('roles', emptyRole())}>
            Add a role
          </Button>
        ) : null}
        <Text size="sm" c="dimmed">
          A verified poster’s call is published at once; any other is published after a moderator has looked at it.
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {call ? 'Save changes' : 'Post casting call'}
          </Button>
          <Button variant="subtle" renderRoot={(props) => <Link {...props} to="/me/casting-calls" />}>
            Cancel
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
        title="Your profile could not be loaded"
        what="profile"
        error={profile.error ?? profile.failureReason}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  const mine = profile.data;
  if (mine === undefined || (profile.isFetching && (mine === null || !canPostCalls(mine)))) {
    return <LoadingState label="Loading your profile" />;
  }
  const blocker =
    mine === null ? (
      <Alert color="yellow" variant="light" role="status" title="Create your profile first">
        <Text size="sm">
          A casting call is posted from the profile of a production house, a studio or a casting director: it is what
          applicants see of you. <ProfileLink>Create your profile</ProfileLink>; once it is saved you come back here.
        </Text>
      </Alert>
    ) : mine.hidden_by_staff ? (
      <Alert color="red" variant="light" role="status" title="Your profile is hidden by a moderator">
        <Text size="sm">A hidden profile cannot post casting calls. {mine.hidden_reason}</Text>
      </Alert>
    ) : mine.guardian ? (
      <Alert color="yellow" variant="light" role="status" title="Casting calls are posted by adults">
        <Text size="sm">A member under 18 cannot post casting calls.</Text>
      </Alert>
    ) : !canPostCalls(mine) ? (
      <Alert color="yellow" variant="light" role="status" title="Your profile cannot post calls yet">
        <Text size="sm">
          Casting calls are posted by production houses, studios and casting directors. A person ticks Casting among
          their crafts; an organisation is a Production House or a Studio. <ProfileLink>Edit your profile</ProfileLink>;
          once it is saved you come back here.
        </Text>
      </Alert>
    ) : null;
  if (blocker || unconfirmed) {
    return (
      <Stack gap="md">
        {blocker}
        {unconfirmed ? <EmailConfirmationNotice action="post a casting call" /> : null}
      </Stack>
    );
  }
  return <CallForm call={null} />;
}

/** `/me/casting-calls/new` and `/me/casting-calls/{id}/edit`: the poster writes a call and its roles. */
export function CallFormPage({ callId }: { callId: number | null }) {
  const query = useQuery({ ...callQueryOptions(callId ?? 0), enabled: callId !== null });
  const title = callId === null ? 'Post a casting call' : 'Edit casting call';
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
          title="This call could not be loaded"
          what="call"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <LoadingState label="Loading the call" />
      )}
    </PageContainer>
  );
}

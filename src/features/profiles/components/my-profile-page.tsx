// Stylesheets of the components only this page uses, loaded with its code (src/app/mantine-styles.ts has the rest).
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNetwork } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { DraftNotice } from '@/components/draft-notice';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import { UploadProgress } from '@/components/upload-progress';
import {
  creditTypes,
  crafts,
  genders,
  languageLevels,
  MAX_ORGANISATION_PHOTOS,
  MAX_PERSON_PHOTOS,
  type Guardian,
  organisationCategories,
  profileInputSchema,
  type MyProfile,
  type ProfileInput,
  type ProfileKind,
} from '@/contract/profiles';
import { ApiError, NetworkError } from '@/lib/api-client';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/money';
import { ImageRefusal } from '@/lib/shrink-image';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useFormDraft } from '@/offline/use-form-draft';
import { useOutboxRecorder, useOwnerEntries } from '@/offline/use-outbox';
import { useGuardianResend, usePhotoChange, usePhotoUpload, useVerificationRequest } from '../api/profile-mutations';
import { profileOutbox } from '../api/profile-outbox';
import { myProfileKeys, profileKeys } from '../api/profile-keys';
import { myProfileQueryOptions } from '../api/profile-queries';
import { saveMyProfile } from '../api/save-my-profile';
import {
  emptyProfileValues,
  isMinor,
  previewProfile,
  profileFormValues,
  profileInput,
  type ProfileFormValues,
} from './profile-form-values';
import { craftLabels, creditTypeLabels, genderLabels, photoSrcSet } from './profile-labels';
import { ProfileView } from './profile-page';
import classes from './profiles.module.css';

const OFFLINE_SAVED =
  'You are offline. Your changes are saved on this device and will be sent when you are back online.';

/** Sets every field error the contract finds; true when there were any (the first invalid field gets focus). */
function checkAgainstContract(form: ReturnType<typeof useForm<ProfileFormValues>>, input: ProfileInput): boolean {
  const result = profileInputSchema.safeParse(input);
  if (result.success) return false;
  // All at once, the first issue of each field: the submit has just cleared the errors, and setFieldError, reading
  // the errors from before that clearing, would skip a field whose message is unchanged.
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  form.setErrors(errors);
  return true;
}

function PhotosPanel({ profile }: { profile: MyProfile }) {
  const { online } = useNetwork();
  const upload = usePhotoUpload();
  const change = usePhotoChange();
  const limit = profile.kind === 'person' ? MAX_PERSON_PHOTOS : MAX_ORGANISATION_PHOTOS;
  const uploadError =
    upload.error instanceof ApiError || upload.error instanceof ImageRefusal
      ? upload.error.message
      : upload.error
        ? 'The photo could not be uploaded. Check your connection and try again.'
        : null;
  const photos = profile.photos;
  return (
    <section aria-labelledby="photos-heading" className={classes.section}>
      <Title order={2} size="h3" id="photos-heading">
        {profile.kind === 'person' ? 'Headshots' : 'Photos'}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Up to {limit}, JPEG, PNG or WebP, at most 5 MB each (a larger photo is made smaller on this device before it is
        sent). The main one shows on your card and when your page is shared.
      </Text>
      {photos.length > 0 ? (
        <ul className={classes.editPhotos} aria-label="Your photos">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <img
                src={photo.url}
                srcSet={photoSrcSet(photo.url)}
                sizes="160px"
                alt={`Photo ${index + 1}${photo.main ? ', main' : ''}`}
                width={160}
                height={160}
              />
              {photo.main ? (
                <Badge size="sm" color="teal.9">
                  Main photo
                </Badge>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={!online}
                  onClick={() => change.mutate({ id: photo.id, change: { main: true } })}
                >
                  Make main
                </Button>
              )}
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move photo ${index + 1} earlier`}
                  disabled={!online || index === 0}
                  onClick={() => change.mutate({ id: photo.id, change: { position: index } })}
                >
                  ←
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move photo ${index + 1} later`}
                  disabled={!online || index === photos.length - 1}
                  onClick={() => change.mutate({ id: photo.id, change: { position: index + 2 } })}
                >
                  →
                </ActionIcon>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  disabled={!online}
                  onClick={() => change.mutate({ id: photo.id, change: 'remove' })}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  Remove
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      ) : null}
      {online ? (
        <FileButton accept="image/jpeg,image/png,image/webp" onChange={(file) => file && upload.mutate(file)}>
          {(props) => (
            <Button {...props} variant="light" loading={upload.isPending} disabled={photos.length >= limit}>
              Upload a photo
            </Button>
          )}
        </FileButton>
      ) : (
        <Alert color="yellow" variant="light">
          Uploading photos needs the network. You are offline.
        </Alert>
      )}
      <UploadProgress stage={upload.stage} />
      {uploadError ? (
        <Text c="var(--cv-danger-text)" size="sm" mt="xs" role="alert">
          {uploadError}
        </Text>
      ) : null}
      {change.error ? (
        <Text c="var(--cv-danger-text)" size="sm" mt="xs" role="alert">
          {change.error instanceof ApiError ? change.error.message : 'The photo was not changed. Try again.'}
        </Text>
      ) : null}
    </section>
  );
}

function VerificationPanel({ profile }: { profile: MyProfile }) {
  const request = useVerificationRequest();
  const [note, setNote] = useState('');
  const { online } = useNetwork();
  return (
    <section aria-labelledby="verification-heading" className={classes.section}>
      <Title order={2} size="h3" id="verification-heading">
        Verification
      </Title>
      {profile.verification_status === 'verified' ? (
        <Text>
          <Badge color="teal.9" variant="filled" mr="xs">
            Verified
          </Badge>
          {profile.verified_reason}
        </Text>
      ) : profile.verification_status === 'pending' ? (
        <Text>Your request is with our moderators. We will write to you when they decide.</Text>
      ) : (
        <Stack gap="xs" maw={560}>
          {profile.verification_status === 'refused' ? (
            <Alert color="orange" variant="light" title="Your last request was refused">
              {profile.refused_reason}
            </Alert>
          ) : null}
          <Text size="sm">
            A verified badge tells casting teams and producers that you are who you say. Tell the moderators what they
            can check: a union card number, a production you worked on, a website.
          </Text>
          <Textarea
            label="What we can check"
            autosize
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={request.error instanceof ApiError ? request.error.message : null}
          />
          <Button
            style={{ alignSelf: 'flex-start' }}
            loading={request.isPending}
            disabled={!online}
            onClick={() => request.mutate(note)}
          >
            Ask to be verified
          </Button>
          {!online ? <Text size="sm">Asking needs the network.</Text> : null}
        </Stack>
      )}
    </section>
  );
}

function ListAdd({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} onClick={onClick}>
      {label}
    </Button>
  );
}

function ListRemove({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="subtle" color="red" size="compact-sm" onClick={onClick} aria-label={label}>
      Remove
    </Button>
  );
}

function ProfileForm({
  saved,
  pending,
  returnTo,
}: {
  saved: MyProfile | null;
  pending: ProfileInput | null;
  returnTo: string | undefined;
}) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<string | null>('edit');
  const initial = pending ?? saved;
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: initial ? profileFormValues(initial) : emptyProfileValues('person'),
  });
  const draft = useFormDraft(form, 'profile');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const outbox = useOutboxRecorder(profileOutbox);
  const queryClient = useQueryClient();
  const values = form.getValues();
  const person = values.kind === 'person';
  const minor = person && isMinor(values);

  const save = form.onSubmit(async (current) => {
    setFailure(null);
    const input = profileInput(current);
    if (checkAgainstContract(form, input)) {
      setFailure('Some details need a look: see the fields marked below.');
      return;
    }
    // One key for this press, online and from the outbox: a save the server got whose answer was lost is answered
    // again from it.
    const idempotencyKey = newIdempotencyKey();
    let sent = false;
    setSaving(true);
    try {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new NetworkError('offline');
      sent = true;
      const profile = await saveMyProfile(input, idempotencyKey);
      await draft.clear();
      // The answer is the truth: it replaces the member's copy, and the public copies are fetched again.
      queryClient.setQueryData(myProfileKeys.profile(), profile);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all() });
      notifications.show({ color: 'green', ...profileOutbox.delivered!(input) });
      // Asked for a profile on the way somewhere (posting a call): back there, with what was typed of it.
      if (returnTo) void navigate({ to: returnTo });
    } catch (error) {
      if (error instanceof NetworkError) {
        await outbox.record(input, { idempotencyKey, sent });
        // The outbox holds these changes now, and sends them.
        await draft.clear();
        setFailure(null);
        notifications.show({ color: 'yellow', title: 'Saved on this device', message: OFFLINE_SAVED });
      } else {
        setFailure(applyServerError(form, error, OFFLINE_SAVED));
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <Tabs value={tab} onChange={setTab} keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab value="edit">Edit</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="preview">
        {tab === 'preview' ? <ProfileView profile={previewProfile(values, saved)} /> : null}
      </Tabs.Panel>
      <Tabs.Panel value="edit">
        <form ref={focusFirstError} noValidate onSubmit={save} aria-label="Your profile">
          <Stack gap="md">
            {pending ? (
              <Alert color="yellow" variant="light" role="status">
                Your latest changes are saved on this device and will be sent when you are back online.
              </Alert>
            ) : null}
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            {saved ? null : (
              <SegmentedControl
                aria-label="Who the profile is for"
                data={[
                  { value: 'person', label: 'A person' },
                  { value: 'organisation', label: 'An organisation' },
                ]}
                {...form.getInputProps('kind')}
                onChange={(kind) => {
                  form.setFieldValue('kind', kind as ProfileKind);
                  form.setFieldValue('category', kind === 'person' ? 'Artist' : '');
                }}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={person ? 'Your name' : 'Name of the organisation'}
                withAsterisk
                {...form.getInputProps('display_name')}
              />
              <TextInput
                label="Handle"
                description="Your page's address: cineverse.in/profiles/your-handle"
                withAsterisk
                autoCapitalize="none"
                {...form.getInputProps('handle')}
              />
              {person ? null : (
                <Select
                  label="Category"
                  withAsterisk
                  data={[...organisationCategories]}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('category')}
                />
              )}
              <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
            </SimpleGrid>
            <TextInput
              label="Headline"
              description={person ? 'One line: "Theatre actor, Hindi and Marathi"' : 'One line about what you do'}
              {...form.getInputProps('headline')}
            />
            {person ? (
              <Checkbox.Group label="Crafts" {...form.getInputProps('crafts')}>
                <Group gap="sm" mt={4}>
                  {crafts.map((craft) => (
                    <Checkbox key={craft} value={craft} label={craftLabels[craft]} />
                  ))}
                </Group>
              </Checkbox.Group>
            ) : null}
            <Textarea label={person ? 'About you' : 'About'} autosize minRows={4} {...form.getInputProps('bio')} />

            <fieldset className={classes.fieldset}>
              <legend>Languages</legend>
              <Stack gap="xs">
                {values.languages.map((_, index) => (
                  <Group key={index} align="flex-end" gap="xs" wrap="wrap">
                    <TextInput label={`Language ${index + 1}`} {...form.getInputProps(`languages.${index}.language`)} />
                    <Select
                      label="Level"
                      w={130}
                      allowDeselect={false}
                      data={[...languageLevels]}
                      comboboxProps={{ withinPortal: true }}
                      {...form.getInputProps(`languages.${index}.level`)}
                    />
                    <ListRemove
                      label={`Remove language ${index + 1}`}
                      onClick={() => form.removeListItem('languages', index)}
                    />
                  </Group>
                ))}
                <ListAdd
                  label="Add a language"
                  onClick={() => form.insertListItem('languages', { language: '', level: 'fluent' })}
                />
              </Stack>
            </fieldset>

            {person ? (
              <>
                <TagsInput
                  label="Skills"
                  description="Press Enter after each: horse riding, Kathak, stage combat"
                  {...form.getInputProps('skills')}
                />
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
                  <NumberInput
                    label="Plays ages from"
                    min={1}
                    max={100}
                    allowDecimal={false}
                    {...form.getInputProps('playing_age_min')}
                  />
                  <NumberInput
                    label="to"
                    min={1}
                    max={100}
                    allowDecimal={false}
                    {...form.getInputProps('playing_age_max')}
                  />
                  <Select
                    label="Gender"
                    placeholder="Not given"
                    clearable
                    data={genders.map((gender) => ({ value: gender, label: genderLabels[gender]! }))}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps('gender')}
                  />
                  <NumberInput
                    label="Height (cm)"
                    min={50}
                    max={250}
                    allowDecimal={false}
                    {...form.getInputProps('height_cm')}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput label="Union" description="e.g. CINTAA" {...form.getInputProps('union_name')} />
                  <TextInput label="Membership number" {...form.getInputProps('union_number')} />
                </SimpleGrid>
                <TextInput
                  label="Date of birth"
                  type="date"
                  description="Never shown in public unless you show your age. Under 18, a parent or guardian must confirm."
                  {...form.getInputProps('date_of_birth')}
                />
                {minor || values.guardian.name || values.guardian.contact ? (
                  <fieldset className={classes.fieldset}>
                    <legend>Parent or guardian</legend>
                    <Text size="sm" mb="xs">
                      A member under 18 is never shown in public. We email your parent or guardian a link: once they
                      confirm, you can apply to casting calls, and casting teams write to them, not to you.
                    </Text>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                      <TextInput label="Guardian's name" withAsterisk {...form.getInputProps('guardian.name')} />
                      <TextInput
                        label="Guardian's email"
                        type="email"
                        autoComplete="off"
                        withAsterisk
                        {...form.getInputProps('guardian.contact')}
                      />
                    </SimpleGrid>
                  </fieldset>
                ) : null}

                <fieldset className={classes.fieldset}>
                  <legend>Credits</legend>
                  <Stack gap="sm">
                    {values.credits.map((_, index) => (
                      <Group key={index} align="flex-end" gap="xs" wrap="wrap">
                        <TextInput label="Title" {...form.getInputProps(`credits.${index}.title`)} />
                        <NumberInput
                          label="Year"
                          w={100}
                          min={1913}
                          max={2100}
                          allowDecimal={false}
                          {...form.getInputProps(`credits.${index}.year`)}
                        />
                        <TextInput label="Role" {...form.getInputProps(`credits.${index}.role`)} />
                        <Select
                          label="Type"
                          w={140}
                          allowDeselect={false}
                          data={creditTypes.map((type) => ({ value: type, label: creditTypeLabels[type]! }))}
                          comboboxProps={{ withinPortal: true }}
                          {...form.getInputProps(`credits.${index}.type`)}
                        />
                        <ListRemove
                          label={`Remove credit ${index + 1}`}
                          onClick={() => form.removeListItem('credits', index)}
                        />
                      </Group>
                    ))}
                    <ListAdd
                      label="Add a credit"
                      onClick={() =>
                        form.insertListItem('credits', { title: '', year: '', role: '', type: 'feature' as const })
                      }
                    />
                  </Stack>
                </fieldset>
              </>
            ) : (
              <>
                <Textarea label="Address" autosize minRows={2} {...form.getInputProps('address')} />
                <TagsInput
                  label={values.category === 'Course' ? 'Courses offered' : 'Services offered'}
                  description="Press Enter after each"
                  {...form.getInputProps('services')}
                />
              </>
            )}

            <fieldset className={classes.fieldset}>
              <legend>Reels</legend>
              <Stack gap="xs">
                {values.reels.map((_, index) => (
                  <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
                    <TextInput
                      label={`Reel ${index + 1}`}
                      description="A YouTube or Instagram reel address"
                      type="url"
                      style={{ flex: 1 }}
                      {...form.getInputProps(`reels.${index}`)}
                    />
                    <ListRemove
                      label={`Remove reel ${index + 1}`}
                      onClick={() => form.removeListItem('reels', index)}
                    />
                  </Group>
                ))}
                <ListAdd label="Add a reel" onClick={() => form.insertListItem('reels', '')} />
              </Stack>
            </fieldset>

            <fieldset className={classes.fieldset}>
              <legend>Contact details and privacy</legend>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
                <TextInput label="Email" type="email" {...form.getInputProps('email')} />
                <TextInput label="Website" type="url" {...form.getInputProps('website')} />
              </SimpleGrid>
              <Text size="sm" mt="sm">
                Hidden unless you show them. Anyone can still write to you through CineVerse.
              </Text>
              <Group gap="lg" mt="xs">
                <Switch label="Show my phone" {...form.getInputProps('show.phone', { type: 'checkbox' })} />
                <Switch label="Show my email" {...form.getInputProps('show.email', { type: 'checkbox' })} />
                {person ? (
                  <>
                    <Switch label="Show my height" {...form.getInputProps('show.height', { type: 'checkbox' })} />
                    <Switch label="Show my age" {...form.getInputProps('show.age', { type: 'checkbox' })} />
                  </>
                ) : null}
              </Group>
              <Switch
                mt="md"
                label="Hide my profile: only I can see it"
                checked={values.visibility === 'hidden'}
                onChange={(event) =>
                  form.setFieldValue('visibility', event.currentTarget.checked ? 'hidden' : 'public')
                }
              />
            </fieldset>

            <Group>
              <Button type="submit" loading={saving}>
                {saved ? 'Save profile' : 'Create profile'}
              </Button>
              {saved ? (
                <Anchor
                  renderRoot={(props) => <Link {...props} to="/profiles/$handle" params={{ handle: saved.handle }} />}
                >
                  View your public page
                </Anchor>
              ) : null}
            </Group>
            <DraftNotice draft={draft} />
          </Stack>
        </form>
      </Tabs.Panel>
    </Tabs>
  );
}

/** Where the guardian's consent stands, with the confirmation mail sent again on request (rate limited). */
function GuardianPanel({ guardian }: { guardian: Guardian }) {
  const resend = useGuardianResend();
  const { online } = useNetwork();
  const waiting = !guardian.confirmed_at || guardian.withdrawn_at;
  return (
    <section
      aria-labelledby="guardian-heading"
      className={classes.section}
      style={{ marginBottom: 'var(--mantine-spacing-xl)' }}
    >
      <Title order={2} size="h3" id="guardian-heading">
        Your guardian
      </Title>
      {guardian.withdrawn_at ? (
        <Alert color="orange" variant="light" title="Your guardian withdrew their consent">
          {guardian.name} withdrew on {formatDateTime(guardian.withdrawn_at)}: your profile is hidden and your
          applications are withdrawn.
        </Alert>
      ) : guardian.confirmed_at ? (
        <Text>
          <Badge color="teal.9" variant="filled" mr="xs">
            Confirmed
          </Badge>
          {guardian.name} ({guardian.contact}) confirmed on {formatDateTime(guardian.confirmed_at)}.
        </Text>
      ) : (
        <Alert color="blue" variant="light" title="Waiting for your guardian">
          {guardian.mailed_at
            ? `We emailed ${guardian.contact} on ${formatDateTime(guardian.mailed_at)}. `
            : `We have not emailed ${guardian.contact} yet. `}
          Until {guardian.name} opens the link and confirms, you cannot apply to casting calls.
        </Alert>
      )}
      {waiting ? (
        <Stack gap={4} mt="sm" align="flex-start">
          <Button variant="light" loading={resend.isPending} disabled={!online} onClick={() => resend.mutate()}>
            Send the email again
          </Button>
          {resend.isSuccess ? (
            <Text size="sm" role="status">
              {resend.data.message}
            </Text>
          ) : null}
          {resend.error ? (
            <Text size="sm" c="var(--cv-danger-text)" role="alert">
              {resend.error instanceof ApiError ? resend.error.message : 'Not sent: try again when online.'}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </section>
  );
}

/**
 * `/my-profile`: create or edit the member's profile, with a preview of the public page, photos and verification;
 * `returnTo`, where a saved profile goes back to (the page that asked for it).
 */
export function MyProfilePage({ returnTo }: { returnTo?: string }) {
  const query = useQuery(myProfileQueryOptions());
  const pending = useOwnerEntries(profileOutbox).find((entry) => entry.kind === profileOutbox.name);
  if (query.data === undefined) {
    return (
      <PageContainer>
        <DocumentTitle page="My profile" />
        {query.isError ? (
          <LoadError
            title="Your profile could not be loaded"
            what="profile"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingState label="Loading your profile" />
        )}
      </PageContainer>
    );
  }
  const saved = query.data;
  return (
    <PageContainer>
      <DocumentTitle page="My profile" />
      <Title order={1} mb="xs">
        My profile
      </Title>
      <Text mb="md">
        {saved
          ? 'What film people see on your page and in the directory.'
          : 'Join the network: create your profile as a person (actor, writer, director, crew) or an organisation.'}
      </Text>
      {saved?.hidden_by_staff ? (
        <Alert color="red" variant="light" title="Our moderators have hidden your profile" mb="md">
          {saved.hidden_reason} Write to support@cineverse.in if you think this is a mistake.
        </Alert>
      ) : null}
      {saved?.held_reason ? (
        <Alert color="yellow" variant="light" title="Your profile is not listed yet" mb="md">
          A moderator checks it before it appears in the directory and search. {saved.held_reason}: CineVerse lists no
          organisation that asks actors for a fee. Until then only you and our staff see its page.
        </Alert>
      ) : null}
      {/* First: until the guardian confirms, a minor's profile can do nothing. */}
      {saved?.guardian ? <GuardianPanel guardian={saved.guardian} /> : null}
      <ProfileForm
        key={saved?.updated_at ?? 'new'}
        saved={saved}
        pending={(pending?.payload as ProfileInput | undefined) ?? null}
        returnTo={returnTo}
      />
      {saved ? (
        <>
          <PhotosPanel profile={saved} />
          <VerificationPanel profile={saved} />
        </>
      ) : (
        <Text size="sm" c="dimmed" mt="lg">
          Once your profile is created you can add photos and ask to be verified.
        </Text>
      )}
    </PageContainer>
  );
}

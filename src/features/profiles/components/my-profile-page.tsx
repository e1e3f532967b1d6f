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
import { contractText } from '@/lib/refusals';
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
import { categoryLabel, craftLabels, creditTypeLabels, genderLabels, levelLabels, photoSrcSet } from './profile-labels';
import { ProfileView } from './profile-page';
import classes from './profiles.module.css';
import { profile_edit_about } from '@/paraglide/messages/profile_edit_about.js';
import { profile_edit_about_you } from '@/paraglide/messages/profile_edit_about_you.js';
import { profile_edit_add_credit } from '@/paraglide/messages/profile_edit_add_credit.js';
import { profile_edit_add_language } from '@/paraglide/messages/profile_edit_add_language.js';
import { profile_edit_add_reel } from '@/paraglide/messages/profile_edit_add_reel.js';
import { profile_edit_address } from '@/paraglide/messages/profile_edit_address.js';
import { profile_edit_birth } from '@/paraglide/messages/profile_edit_birth.js';
import { profile_edit_birth_hint } from '@/paraglide/messages/profile_edit_birth_hint.js';
import { profile_edit_category } from '@/paraglide/messages/profile_edit_category.js';
import { profile_edit_check_fields } from '@/paraglide/messages/profile_edit_check_fields.js';
import { profile_edit_city } from '@/paraglide/messages/profile_edit_city.js';
import { profile_edit_contact } from '@/paraglide/messages/profile_edit_contact.js';
import { profile_edit_contact_hint } from '@/paraglide/messages/profile_edit_contact_hint.js';
import { profile_edit_courses } from '@/paraglide/messages/profile_edit_courses.js';
import { profile_edit_crafts } from '@/paraglide/messages/profile_edit_crafts.js';
import { profile_edit_create } from '@/paraglide/messages/profile_edit_create.js';
import { profile_edit_credit_role } from '@/paraglide/messages/profile_edit_credit_role.js';
import { profile_edit_credit_title } from '@/paraglide/messages/profile_edit_credit_title.js';
import { profile_edit_credit_type } from '@/paraglide/messages/profile_edit_credit_type.js';
import { profile_edit_credit_year } from '@/paraglide/messages/profile_edit_credit_year.js';
import { profile_edit_credits } from '@/paraglide/messages/profile_edit_credits.js';
import { profile_edit_email } from '@/paraglide/messages/profile_edit_email.js';
import { profile_edit_enter_each } from '@/paraglide/messages/profile_edit_enter_each.js';
import { profile_edit_form_label } from '@/paraglide/messages/profile_edit_form_label.js';
import { profile_edit_gender } from '@/paraglide/messages/profile_edit_gender.js';
import { profile_edit_gender_none } from '@/paraglide/messages/profile_edit_gender_none.js';
import { profile_edit_guardian } from '@/paraglide/messages/profile_edit_guardian.js';
import { profile_edit_guardian_confirmed } from '@/paraglide/messages/profile_edit_guardian_confirmed.js';
import { profile_edit_guardian_confirmed_badge } from '@/paraglide/messages/profile_edit_guardian_confirmed_badge.js';
import { profile_edit_guardian_email } from '@/paraglide/messages/profile_edit_guardian_email.js';
import { profile_edit_guardian_heading } from '@/paraglide/messages/profile_edit_guardian_heading.js';
import { profile_edit_guardian_intro } from '@/paraglide/messages/profile_edit_guardian_intro.js';
import { profile_edit_guardian_mailed } from '@/paraglide/messages/profile_edit_guardian_mailed.js';
import { profile_edit_guardian_name } from '@/paraglide/messages/profile_edit_guardian_name.js';
import { profile_edit_guardian_not_mailed } from '@/paraglide/messages/profile_edit_guardian_not_mailed.js';
import { profile_edit_guardian_not_sent } from '@/paraglide/messages/profile_edit_guardian_not_sent.js';
import { profile_edit_guardian_resend } from '@/paraglide/messages/profile_edit_guardian_resend.js';
import { profile_edit_guardian_until } from '@/paraglide/messages/profile_edit_guardian_until.js';
import { profile_edit_guardian_waiting } from '@/paraglide/messages/profile_edit_guardian_waiting.js';
import { profile_edit_guardian_withdrew } from '@/paraglide/messages/profile_edit_guardian_withdrew.js';
import { profile_edit_guardian_withdrew_title } from '@/paraglide/messages/profile_edit_guardian_withdrew_title.js';
import { profile_edit_handle } from '@/paraglide/messages/profile_edit_handle.js';
import { profile_edit_handle_hint } from '@/paraglide/messages/profile_edit_handle_hint.js';
import { profile_edit_headline } from '@/paraglide/messages/profile_edit_headline.js';
import { profile_edit_headline_organisation } from '@/paraglide/messages/profile_edit_headline_organisation.js';
import { profile_edit_headline_person } from '@/paraglide/messages/profile_edit_headline_person.js';
import { profile_edit_headshots } from '@/paraglide/messages/profile_edit_headshots.js';
import { profile_edit_height } from '@/paraglide/messages/profile_edit_height.js';
import { profile_edit_held } from '@/paraglide/messages/profile_edit_held.js';
import { profile_edit_held_title } from '@/paraglide/messages/profile_edit_held_title.js';
import { profile_edit_hidden_title } from '@/paraglide/messages/profile_edit_hidden_title.js';
import { profile_edit_hidden_write } from '@/paraglide/messages/profile_edit_hidden_write.js';
import { profile_edit_hide } from '@/paraglide/messages/profile_edit_hide.js';
import { profile_edit_intro_new } from '@/paraglide/messages/profile_edit_intro_new.js';
import { profile_edit_intro_saved } from '@/paraglide/messages/profile_edit_intro_saved.js';
import { profile_edit_kind } from '@/paraglide/messages/profile_edit_kind.js';
import { profile_edit_kind_organisation } from '@/paraglide/messages/profile_edit_kind_organisation.js';
import { profile_edit_kind_person } from '@/paraglide/messages/profile_edit_kind_person.js';
import { profile_edit_language_n } from '@/paraglide/messages/profile_edit_language_n.js';
import { profile_edit_languages } from '@/paraglide/messages/profile_edit_languages.js';
import { profile_edit_level } from '@/paraglide/messages/profile_edit_level.js';
import { profile_edit_load_error } from '@/paraglide/messages/profile_edit_load_error.js';
import { profile_edit_loading } from '@/paraglide/messages/profile_edit_loading.js';
import { profile_edit_main_photo } from '@/paraglide/messages/profile_edit_main_photo.js';
import { profile_edit_make_main } from '@/paraglide/messages/profile_edit_make_main.js';
import { profile_edit_move_earlier } from '@/paraglide/messages/profile_edit_move_earlier.js';
import { profile_edit_move_later } from '@/paraglide/messages/profile_edit_move_later.js';
import { profile_edit_offline_saved } from '@/paraglide/messages/profile_edit_offline_saved.js';
import { profile_edit_once_created } from '@/paraglide/messages/profile_edit_once_created.js';
import { profile_edit_organisation_name } from '@/paraglide/messages/profile_edit_organisation_name.js';
import { profile_edit_pending } from '@/paraglide/messages/profile_edit_pending.js';
import { profile_edit_phone } from '@/paraglide/messages/profile_edit_phone.js';
import { profile_edit_photo_not_changed } from '@/paraglide/messages/profile_edit_photo_not_changed.js';
import { profile_edit_photo_alt } from '@/paraglide/messages/profile_edit_photo_alt.js';
import { profile_edit_photo_alt_main } from '@/paraglide/messages/profile_edit_photo_alt_main.js';
import { profile_edit_photos } from '@/paraglide/messages/profile_edit_photos.js';
import { profile_edit_photos_hint } from '@/paraglide/messages/profile_edit_photos_hint.js';
import { profile_edit_plays_from } from '@/paraglide/messages/profile_edit_plays_from.js';
import { profile_edit_plays_to } from '@/paraglide/messages/profile_edit_plays_to.js';
import { profile_edit_reel_hint } from '@/paraglide/messages/profile_edit_reel_hint.js';
import { profile_edit_reel_n } from '@/paraglide/messages/profile_edit_reel_n.js';
import { profile_edit_reels } from '@/paraglide/messages/profile_edit_reels.js';
import { profile_edit_remove } from '@/paraglide/messages/profile_edit_remove.js';
import { profile_edit_remove_credit } from '@/paraglide/messages/profile_edit_remove_credit.js';
import { profile_edit_remove_language } from '@/paraglide/messages/profile_edit_remove_language.js';
import { profile_edit_remove_photo } from '@/paraglide/messages/profile_edit_remove_photo.js';
import { profile_edit_remove_reel } from '@/paraglide/messages/profile_edit_remove_reel.js';
import { profile_edit_save } from '@/paraglide/messages/profile_edit_save.js';
import { profile_edit_saved_offline_title } from '@/paraglide/messages/profile_edit_saved_offline_title.js';
import { profile_edit_services } from '@/paraglide/messages/profile_edit_services.js';
import { profile_edit_show_age } from '@/paraglide/messages/profile_edit_show_age.js';
import { profile_edit_show_email } from '@/paraglide/messages/profile_edit_show_email.js';
import { profile_edit_show_height } from '@/paraglide/messages/profile_edit_show_height.js';
import { profile_edit_show_phone } from '@/paraglide/messages/profile_edit_show_phone.js';
import { profile_edit_skills } from '@/paraglide/messages/profile_edit_skills.js';
import { profile_edit_skills_hint } from '@/paraglide/messages/profile_edit_skills_hint.js';
import { profile_edit_tab_edit } from '@/paraglide/messages/profile_edit_tab_edit.js';
import { profile_edit_tab_preview } from '@/paraglide/messages/profile_edit_tab_preview.js';
import { profile_edit_title } from '@/paraglide/messages/profile_edit_title.js';
import { profile_edit_union } from '@/paraglide/messages/profile_edit_union.js';
import { profile_edit_union_hint } from '@/paraglide/messages/profile_edit_union_hint.js';
import { profile_edit_union_number } from '@/paraglide/messages/profile_edit_union_number.js';
import { profile_edit_upload } from '@/paraglide/messages/profile_edit_upload.js';
import { profile_edit_upload_failed } from '@/paraglide/messages/profile_edit_upload_failed.js';
import { profile_edit_upload_offline } from '@/paraglide/messages/profile_edit_upload_offline.js';
import { profile_edit_verification } from '@/paraglide/messages/profile_edit_verification.js';
import { profile_edit_verification_ask } from '@/paraglide/messages/profile_edit_verification_ask.js';
import { profile_edit_verification_intro } from '@/paraglide/messages/profile_edit_verification_intro.js';
import { profile_edit_verification_note } from '@/paraglide/messages/profile_edit_verification_note.js';
import { profile_edit_verification_offline } from '@/paraglide/messages/profile_edit_verification_offline.js';
import { profile_edit_verification_pending } from '@/paraglide/messages/profile_edit_verification_pending.js';
import { profile_edit_verification_refused } from '@/paraglide/messages/profile_edit_verification_refused.js';
import { profile_edit_view_public } from '@/paraglide/messages/profile_edit_view_public.js';
import { profile_edit_website } from '@/paraglide/messages/profile_edit_website.js';
import { profile_edit_your_name } from '@/paraglide/messages/profile_edit_your_name.js';
import { profile_edit_your_photos } from '@/paraglide/messages/profile_edit_your_photos.js';
import { profiles_verified } from '@/paraglide/messages/profiles_verified.js';

/** Sets every field error the contract finds; true when there were any (the first invalid field gets focus). */
function checkAgainstContract(form: ReturnType<typeof useForm<ProfileFormValues>>, input: ProfileInput): boolean {
  const result = profileInputSchema.safeParse(input);
  if (result.success) return false;
  // All at once, the first issue of each field: the submit has just cleared the errors, and setFieldError, reading
  // the errors from before that clearing, would skip a field whose message is unchanged.
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= contractText(issue.message);
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
        ? profile_edit_upload_failed()
        : null;
  const photos = profile.photos;
  return (
    <section aria-labelledby="photos-heading" className={classes.section}>
      <Title order={2} size="h3" id="photos-heading">
        {profile.kind === 'person' ? profile_edit_headshots() : profile_edit_photos()}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {profile_edit_photos_hint({ limit })}
      </Text>
      {photos.length > 0 ? (
        <ul className={classes.editPhotos} aria-label={profile_edit_your_photos()}>
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <img
                src={photo.url}
                srcSet={photoSrcSet(photo.url)}
                sizes="160px"
                alt={(photo.main ? profile_edit_photo_alt_main : profile_edit_photo_alt)({ number: index + 1 })}
                width={160}
                height={160}
              />
              {photo.main ? (
                <Badge size="sm" color="teal.9">
                  {profile_edit_main_photo()}
                </Badge>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={!online}
                  onClick={() => change.mutate({ id: photo.id, change: { main: true } })}
                >
                  {profile_edit_make_main()}
                </Button>
              )}
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={profile_edit_move_earlier({ number: index + 1 })}
                  disabled={!online || index === 0}
                  onClick={() => change.mutate({ id: photo.id, change: { position: index } })}
                >
                  ←
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={profile_edit_move_later({ number: index + 1 })}
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
                  aria-label={profile_edit_remove_photo({ number: index + 1 })}
                >
                  {profile_edit_remove()}
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
              {profile_edit_upload()}
            </Button>
          )}
        </FileButton>
      ) : (
        <Alert color="yellow" variant="light">
          {profile_edit_upload_offline()}
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
          {change.error instanceof ApiError ? change.error.message : profile_edit_photo_not_changed()}
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
        {profile_edit_verification()}
      </Title>
      {profile.verification_status === 'verified' ? (
        <Text>
          <Badge color="teal.9" variant="filled" mr="xs">
            {profiles_verified()}
          </Badge>
          {profile.verified_reason}
        </Text>
      ) : profile.verification_status === 'pending' ? (
        <Text>{profile_edit_verification_pending()}</Text>
      ) : (
        <Stack gap="xs" maw={560}>
          {profile.verification_status === 'refused' ? (
            <Alert color="orange" variant="light" title={profile_edit_verification_refused()}>
              {profile.refused_reason}
            </Alert>
          ) : null}
          <Text size="sm">{profile_edit_verification_intro()}</Text>
          <Textarea
            label={profile_edit_verification_note()}
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
            {profile_edit_verification_ask()}
          </Button>
          {!online ? <Text size="sm">{profile_edit_verification_offline()}</Text> : null}
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
      {profile_edit_remove()}
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
      setFailure(profile_edit_check_fields());
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
        notifications.show({
          color: 'yellow',
          title: profile_edit_saved_offline_title(),
          message: profile_edit_offline_saved(),
        });
      } else {
        setFailure(applyServerError(form, error, profile_edit_offline_saved()));
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <Tabs value={tab} onChange={setTab} keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab value="edit">{profile_edit_tab_edit()}</Tabs.Tab>
        <Tabs.Tab value="preview">{profile_edit_tab_preview()}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="preview">
        {tab === 'preview' ? <ProfileView profile={previewProfile(values, saved)} /> : null}
      </Tabs.Panel>
      <Tabs.Panel value="edit">
        <form ref={focusFirstError} noValidate onSubmit={save} aria-label={profile_edit_form_label()}>
          <Stack gap="md">
            {pending ? (
              <Alert color="yellow" variant="light" role="status">
                {profile_edit_pending()}
              </Alert>
            ) : null}
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            {saved ? null : (
              <SegmentedControl
                aria-label={profile_edit_kind()}
                data={[
                  { value: 'person', label: profile_edit_kind_person() },
                  { value: 'organisation', label: profile_edit_kind_organisation() },
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
                label={person ? profile_edit_your_name() : profile_edit_organisation_name()}
                withAsterisk
                {...form.getInputProps('display_name')}
              />
              <TextInput
                label={profile_edit_handle()}
                description={profile_edit_handle_hint()}
                withAsterisk
                autoCapitalize="none"
                {...form.getInputProps('handle')}
              />
              {person ? null : (
                <Select
                  label={profile_edit_category()}
                  withAsterisk
                  data={organisationCategories.map((name) => ({ value: name, label: categoryLabel(name) }))}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('category')}
                />
              )}
              <TextInput label={profile_edit_city()} withAsterisk {...form.getInputProps('city')} />
            </SimpleGrid>
            <TextInput
              label={profile_edit_headline()}
              description={person ? profile_edit_headline_person() : profile_edit_headline_organisation()}
              {...form.getInputProps('headline')}
            />
            {person ? (
              <Checkbox.Group label={profile_edit_crafts()} {...form.getInputProps('crafts')}>
                <Group gap="sm" mt={4}>
                  {crafts.map((craft) => (
                    <Checkbox key={craft} value={craft} label={craftLabels[craft]} />
                  ))}
                </Group>
              </Checkbox.Group>
            ) : null}
            <Textarea
              label={person ? profile_edit_about_you() : profile_edit_about()}
              autosize
              minRows={4}
              {...form.getInputProps('bio')}
            />

            <fieldset className={classes.fieldset}>
              <legend>{profile_edit_languages()}</legend>
              <Stack gap="xs">
                {values.languages.map((_, index) => (
                  <Group key={index} align="flex-end" gap="xs" wrap="wrap">
                    <TextInput
                      label={profile_edit_language_n({ number: index + 1 })}
                      {...form.getInputProps(`languages.${index}.language`)}
                    />
                    <Select
                      label={profile_edit_level()}
                      w={130}
                      allowDeselect={false}
                      data={languageLevels.map((level) => ({ value: level, label: levelLabels[level]! }))}
                      comboboxProps={{ withinPortal: true }}
                      {...form.getInputProps(`languages.${index}.level`)}
                    />
                    <ListRemove
                      label={profile_edit_remove_language({ number: index + 1 })}
                      onClick={() => form.removeListItem('languages', index)}
                    />
                  </Group>
                ))}
                <ListAdd
                  label={profile_edit_add_language()}
                  onClick={() => form.insertListItem('languages', { language: '', level: 'fluent' })}
                />
              </Stack>
            </fieldset>

            {person ? (
              <>
                <TagsInput
                  label={profile_edit_skills()}
                  description={profile_edit_skills_hint()}
                  {...form.getInputProps('skills')}
                />
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
                  <NumberInput
                    label={profile_edit_plays_from()}
                    min={1}
                    max={100}
                    allowDecimal={false}
                    {...form.getInputProps('playing_age_min')}
                  />
                  <NumberInput
                    label={profile_edit_plays_to()}
                    min={1}
                    max={100}
                    allowDecimal={false}
                    {...form.getInputProps('playing_age_max')}
                  />
                  <Select
                    label={profile_edit_gender()}
                    placeholder={profile_edit_gender_none()}
                    clearable
                    data={genders.map((gender) => ({ value: gender, label: genderLabels[gender]! }))}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps('gender')}
                  />
                  <NumberInput
                    label={profile_edit_height()}
                    min={50}
                    max={250}
                    allowDecimal={false}
                    {...form.getInputProps('height_cm')}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label={profile_edit_union()}
                    description={profile_edit_union_hint()}
                    {...form.getInputProps('union_name')}
                  />
                  <TextInput label={profile_edit_union_number()} {...form.getInputProps('union_number')} />
                </SimpleGrid>
                <TextInput
                  label={profile_edit_birth()}
                  type="date"
                  description={profile_edit_birth_hint()}
                  {...form.getInputProps('date_of_birth')}
                />
                {minor || values.guardian.name || values.guardian.contact ? (
                  <fieldset className={classes.fieldset}>
                    <legend>{profile_edit_guardian()}</legend>
                    <Text size="sm" mb="xs">
                      {profile_edit_guardian_intro()}
                    </Text>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                      <TextInput
                        label={profile_edit_guardian_name()}
                        withAsterisk
                        {...form.getInputProps('guardian.name')}
                      />
                      <TextInput
                        label={profile_edit_guardian_email()}
                        type="email"
                        autoComplete="off"
                        withAsterisk
                        {...form.getInputProps('guardian.contact')}
                      />
                    </SimpleGrid>
                  </fieldset>
                ) : null}

                <fieldset className={classes.fieldset}>
                  <legend>{profile_edit_credits()}</legend>
                  <Stack gap="sm">
                    {values.credits.map((_, index) => (
                      <Group key={index} align="flex-end" gap="xs" wrap="wrap">
                        <TextInput
                          label={profile_edit_credit_title()}
                          {...form.getInputProps(`credits.${index}.title`)}
                        />
                        <NumberInput
                          label={profile_edit_credit_year()}
                          w={100}
                          min={1913}
                          max={2100}
                          allowDecimal={false}
                          {...form.getInputProps(`credits.${index}.year`)}
                        />
                        <TextInput
                          label={profile_edit_credit_role()}
                          {...form.getInputProps(`credits.${index}.role`)}
                        />
                        <Select
                          label={profile_edit_credit_type()}
                          w={140}
                          allowDeselect={false}
                          data={creditTypes.map((type) => ({ value: type, label: creditTypeLabels[type]! }))}
                          comboboxProps={{ withinPortal: true }}
                          {...form.getInputProps(`credits.${index}.type`)}
                        />
                        <ListRemove
                          label={profile_edit_remove_credit({ number: index + 1 })}
                          onClick={() => form.removeListItem('credits', index)}
                        />
                      </Group>
                    ))}
                    <ListAdd
                      label={profile_edit_add_credit()}
                      onClick={() =>
                        form.insertListItem('credits', { title: '', year: '', role: '', type: 'feature' as const })
                      }
                    />
                  </Stack>
                </fieldset>
              </>
            ) : (
              <>
                <Textarea label={profile_edit_address()} autosize minRows={2} {...form.getInputProps('address')} />
                <TagsInput
                  label={values.category === 'Course' ? profile_edit_courses() : profile_edit_services()}
                  description={profile_edit_enter_each()}
                  {...form.getInputProps('services')}
                />
              </>
            )}

            <fieldset className={classes.fieldset}>
              <legend>{profile_edit_reels()}</legend>
              <Stack gap="xs">
                {values.reels.map((_, index) => (
                  <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
                    <TextInput
                      label={profile_edit_reel_n({ number: index + 1 })}
                      description={profile_edit_reel_hint()}
                      type="url"
                      style={{ flex: 1 }}
                      {...form.getInputProps(`reels.${index}`)}
                    />
                    <ListRemove
                      label={profile_edit_remove_reel({ number: index + 1 })}
                      onClick={() => form.removeListItem('reels', index)}
                    />
                  </Group>
                ))}
                <ListAdd label={profile_edit_add_reel()} onClick={() => form.insertListItem('reels', '')} />
              </Stack>
            </fieldset>

            <fieldset className={classes.fieldset}>
              <legend>{profile_edit_contact()}</legend>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label={profile_edit_phone()} type="tel" {...form.getInputProps('phone')} />
                <TextInput label={profile_edit_email()} type="email" {...form.getInputProps('email')} />
                <TextInput label={profile_edit_website()} type="url" {...form.getInputProps('website')} />
              </SimpleGrid>
              <Text size="sm" mt="sm">
                {profile_edit_contact_hint()}
              </Text>
              <Group gap="lg" mt="xs">
                <Switch label={profile_edit_show_phone()} {...form.getInputProps('show.phone', { type: 'checkbox' })} />
                <Switch label={profile_edit_show_email()} {...form.getInputProps('show.email', { type: 'checkbox' })} />
                {person ? (
                  <>
                    <Switch
                      label={profile_edit_show_height()}
                      {...form.getInputProps('show.height', { type: 'checkbox' })}
                    />
                    <Switch label={profile_edit_show_age()} {...form.getInputProps('show.age', { type: 'checkbox' })} />
                  </>
                ) : null}
              </Group>
              <Switch
                mt="md"
                label={profile_edit_hide()}
                checked={values.visibility === 'hidden'}
                onChange={(event) =>
                  form.setFieldValue('visibility', event.currentTarget.checked ? 'hidden' : 'public')
                }
              />
            </fieldset>

            <Group>
              <Button type="submit" loading={saving}>
                {saved ? profile_edit_save() : profile_edit_create()}
              </Button>
              {saved ? (
                <Anchor
                  renderRoot={(props) => <Link {...props} to="/profiles/$handle" params={{ handle: saved.handle }} />}
                >
                  {profile_edit_view_public()}
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
        {profile_edit_guardian_heading()}
      </Title>
      {guardian.withdrawn_at ? (
        <Alert color="orange" variant="light" title={profile_edit_guardian_withdrew_title()}>
          {profile_edit_guardian_withdrew({ name: guardian.name, date: formatDateTime(guardian.withdrawn_at) })}
        </Alert>
      ) : guardian.confirmed_at ? (
        <Text>
          <Badge color="teal.9" variant="filled" mr="xs">
            {profile_edit_guardian_confirmed_badge()}
          </Badge>
          {profile_edit_guardian_confirmed({
            name: guardian.name,
            contact: guardian.contact,
            date: formatDateTime(guardian.confirmed_at),
          })}
        </Text>
      ) : (
        <Alert color="blue" variant="light" title={profile_edit_guardian_waiting()}>
          {guardian.mailed_at
            ? profile_edit_guardian_mailed({ contact: guardian.contact, date: formatDateTime(guardian.mailed_at) })
            : profile_edit_guardian_not_mailed({ contact: guardian.contact })}
          {profile_edit_guardian_until({ name: guardian.name })}
        </Alert>
      )}
      {waiting ? (
        <Stack gap={4} mt="sm" align="flex-start">
          <Button variant="light" loading={resend.isPending} disabled={!online} onClick={() => resend.mutate()}>
            {profile_edit_guardian_resend()}
          </Button>
          {resend.isSuccess ? (
            <Text size="sm" role="status">
              {resend.data.message}
            </Text>
          ) : null}
          {resend.error ? (
            <Text size="sm" c="var(--cv-danger-text)" role="alert">
              {resend.error instanceof ApiError ? resend.error.message : profile_edit_guardian_not_sent()}
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
        <DocumentTitle page={profile_edit_title()} />
        {query.isError ? (
          <LoadError
            title={profile_edit_load_error()}
            what="profile"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingState label={profile_edit_loading()} />
        )}
      </PageContainer>
    );
  }
  const saved = query.data;
  return (
    <PageContainer>
      <DocumentTitle page={profile_edit_title()} />
      <Title order={1} mb="xs">
        {profile_edit_title()}
      </Title>
      <Text mb="md">{saved ? profile_edit_intro_saved() : profile_edit_intro_new()}</Text>
      {saved?.hidden_by_staff ? (
        <Alert color="red" variant="light" title={profile_edit_hidden_title()} mb="md">
          {saved.hidden_reason} {profile_edit_hidden_write()}
        </Alert>
      ) : null}
      {saved?.held_reason ? (
        <Alert color="yellow" variant="light" title={profile_edit_held_title()} mb="md">
          {profile_edit_held({ reason: saved.held_reason })}
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
          {profile_edit_once_created()}
        </Text>
      )}
    </PageContainer>
  );
}

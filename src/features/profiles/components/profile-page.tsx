import { pageAddress } from '@/lib/page-address';
import { Alert, Anchor, AspectRatio, Badge, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { EmailConfirmationNotice } from '@/components/email-confirmation-notice';
import { PageContainer } from '@/components/page-container';
import { ReportDialog } from '@/components/report-dialog';
import { ShareButton } from '@/components/share-button';
import { LoadError, LoadingState } from '@/components/query-states';
import { instagramPostUrl } from '@/contract/instagram';
import type { PublicProfile } from '@/contract/profiles';
import { youtubeEmbedUrl, youtubeVideoId } from '@/contract/youtube';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { focusFirstError } from '@/lib/form-errors';
import { telHref } from '@/lib/phone';
import { safeHref } from '@/lib/safe-url';
import { useEmailUnconfirmed } from '@/hooks/use-email-unconfirmed';
import { useContactMember, useReportProfile } from '../api/profile-mutations';
import { ProfileNotFoundError, profileQueryOptions } from '../api/profile-queries';
import { categoryLabel, craftLabels, creditTypeLabels, genderLabels, levelLabels, photoSrcSet } from './profile-labels';
import classes from './profiles.module.css';
import { profiles_about } from '@/paraglide/messages/profiles_about.js';
import { profiles_address } from '@/paraglide/messages/profiles_address.js';
import { profiles_age } from '@/paraglide/messages/profiles_age.js';
import { profiles_back_home } from '@/paraglide/messages/profiles_back_home.js';
import { profiles_close } from '@/paraglide/messages/profiles_close.js';
import { profiles_contact } from '@/paraglide/messages/profiles_contact.js';
import { profiles_contact_hint } from '@/paraglide/messages/profiles_contact_hint.js';
import { profiles_courses } from '@/paraglide/messages/profiles_courses.js';
import { profiles_credits } from '@/paraglide/messages/profiles_credits.js';
import { profiles_email } from '@/paraglide/messages/profiles_email.js';
import { profiles_gender } from '@/paraglide/messages/profiles_gender.js';
import { profiles_height } from '@/paraglide/messages/profiles_height.js';
import { profiles_height_cm } from '@/paraglide/messages/profiles_height_cm.js';
import { profiles_languages } from '@/paraglide/messages/profiles_languages.js';
import { profiles_load_error } from '@/paraglide/messages/profiles_load_error.js';
import { profiles_loading } from '@/paraglide/messages/profiles_loading.js';
import { profiles_main_photo_alt } from '@/paraglide/messages/profiles_main_photo_alt.js';
import { profiles_meta_in } from '@/paraglide/messages/profiles_meta_in.js';
import { profiles_not_found } from '@/paraglide/messages/profiles_not_found.js';
import { profiles_not_found_text } from '@/paraglide/messages/profiles_not_found_text.js';
import { profiles_offline } from '@/paraglide/messages/profiles_offline.js';
import { profiles_phone } from '@/paraglide/messages/profiles_phone.js';
import { profiles_photo_alt } from '@/paraglide/messages/profiles_photo_alt.js';
import { profiles_photos } from '@/paraglide/messages/profiles_photos.js';
import { profiles_playing_age } from '@/paraglide/messages/profiles_playing_age.js';
import { profiles_reel_instagram } from '@/paraglide/messages/profiles_reel_instagram.js';
import { profiles_reel_play } from '@/paraglide/messages/profiles_reel_play.js';
import { profiles_reel_title } from '@/paraglide/messages/profiles_reel_title.js';
import { profiles_reels } from '@/paraglide/messages/profiles_reels.js';
import { profiles_report } from '@/paraglide/messages/profiles_report.js';
import { profiles_report_fake } from '@/paraglide/messages/profiles_report_fake.js';
import { profiles_report_impersonation } from '@/paraglide/messages/profiles_report_impersonation.js';
import { profiles_report_inappropriate } from '@/paraglide/messages/profiles_report_inappropriate.js';
import { profiles_report_title } from '@/paraglide/messages/profiles_report_title.js';
import { profiles_send_message } from '@/paraglide/messages/profiles_send_message.js';
import { profiles_services } from '@/paraglide/messages/profiles_services.js';
import { profiles_skills } from '@/paraglide/messages/profiles_skills.js';
import { profiles_union } from '@/paraglide/messages/profiles_union.js';
import { profiles_verified } from '@/paraglide/messages/profiles_verified.js';
import { profiles_website } from '@/paraglide/messages/profiles_website.js';
import { profiles_write_to } from '@/paraglide/messages/profiles_write_to.js';
import { profiles_your_message } from '@/paraglide/messages/profiles_your_message.js';
import { confirmNotice_action_write } from '@/paraglide/messages/confirmnotice_action_write1.js';
import { share_profile_text } from '@/paraglide/messages/share_profile_text.js';

/** What a shared link's card shows (Open Graph) and what search engines read (schema.org Person or Organization). */
function ProfileMeta({ profile }: { profile: PublicProfile }) {
  const main = profile.photos.find((photo) => photo.main) ?? profile.photos[0];
  const description =
    profile.headline || profiles_meta_in({ category: categoryLabel(profile.category), city: profile.city });
  const structured = {
    '@context': 'https://schema.org',
    '@type': profile.kind === 'person' ? 'Person' : 'Organization',
    name: profile.display_name,
    description,
    ...(profile.kind === 'person'
      ? { jobTitle: profile.crafts.map((craft) => craftLabels[craft]).join(', '), homeLocation: profile.city }
      : { location: profile.address || profile.city, ...(profile.website ? { url: profile.website } : {}) }),
    ...(main ? { image: main.url } : {}),
  };
  return (
    <>
      <meta name="description" content={description} />
      <meta property="og:type" content="profile" />
      <meta property="og:url" content={pageAddress(`/profiles/${profile.handle}`)} />
      <meta property="og:title" content={profile.display_name} />
      <meta property="og:description" content={description} />
      {main ? <meta property="og:image" content={main.url} /> : null}
      <meta name="twitter:card" content="summary" />
      <script
        type="application/ld+json"
        // `<` escaped: the JSON cannot close the element it is written in.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structured).replace(/</g, '\\u003c') }}
      />
    </>
  );
}

function Reel({ url, index, name }: { url: string; index: number; name: string }) {
  const [playing, setPlaying] = useState(false);
  const videoId = youtubeVideoId(url);
  if (!videoId) {
    // Instagram is not framed (its player needs Instagram's own script): the reel opens there.
    const instagram = instagramPostUrl(url);
    return instagram ? (
      <Anchor href={instagram} target="_blank" rel="noopener noreferrer nofollow ugc">
        {profiles_reel_instagram({ number: index + 1 })}
      </Anchor>
    ) : null;
  }
  return (
    <AspectRatio ratio={16 / 9} maw={640}>
      {playing ? (
        <iframe
          src={youtubeEmbedUrl(videoId)}
          title={profiles_reel_title({ number: index + 1, name })}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ border: 0 }}
        />
      ) : (
        <Button variant="light" h="100%" onClick={() => setPlaying(true)}>
          {profiles_reel_play({ number: index + 1 })}
        </Button>
      )}
    </AspectRatio>
  );
}

function ContactDialog({ profile, onClose }: { profile: PublicProfile; onClose: () => void }) {
  const contact = useContactMember(profile.handle);
  const [message, setMessage] = useState('');
  const error = contact.error instanceof ApiError ? contact.error.message : contact.error ? profiles_offline() : null;
  const unconfirmed = useEmailUnconfirmed();
  return (
    <Modal opened onClose={onClose} title={profiles_write_to({ name: profile.display_name })} centered>
      {unconfirmed ? (
        <EmailConfirmationNotice action={confirmNotice_action_write()} />
      ) : contact.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">
            {contact.data.message}
          </Alert>
          <Button onClick={onClose}>{profiles_close()}</Button>
        </Stack>
      ) : (
        <form
          ref={focusFirstError}
          onSubmit={(event) => {
            event.preventDefault();
            contact.mutate(message);
          }}
        >
          <Stack>
            <Text size="sm">{profiles_contact_hint()}</Text>
            <Textarea
              label={profiles_your_message()}
              autosize
              minRows={4}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Button type="submit" loading={contact.isPending}>
              {profiles_send_message()}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The reasons in the page's language: made when the dialog is drawn. */
const reportReasonOptions = () => [
  { value: 'fake', label: profiles_report_fake() },
  { value: 'impersonation', label: profiles_report_impersonation() },
  { value: 'inappropriate', label: profiles_report_inappropriate() },
];

function ReportProfileDialog({ profile, onClose }: { profile: PublicProfile; onClose: () => void }) {
  const report = useReportProfile(profile.handle);
  return (
    <ReportDialog
      title={profiles_report_title({ name: profile.display_name })}
      reasons={reportReasonOptions()}
      report={report}
      onClose={onClose}
    />
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function ProfileView({ profile, actions }: { profile: PublicProfile; actions?: ReactNode }) {
  const main = profile.photos.find((photo) => photo.main) ?? profile.photos[0];
  const others = profile.photos.filter((photo) => photo !== main);
  const website = safeHref(profile.website);
  const isPerson = profile.kind === 'person';
  return (
    <article>
      <div className={classes.header}>
        {main ? (
          <img
            className={classes.mainPhoto}
            src={main.url}
            srcSet={photoSrcSet(main.url)}
            sizes="(max-width: 48em) 100vw, 320px"
            alt={profiles_main_photo_alt({ name: profile.display_name })}
            width={320}
            height={320}
          />
        ) : null}
        <Stack gap="xs">
          <Title order={1}>{profile.display_name}</Title>
          {profile.verified ? (
            <Group gap="xs">
              <Badge color="teal.9" variant="filled">
                {profiles_verified()}
              </Badge>
              {profile.verified_reason ? <Text size="sm">{profile.verified_reason}</Text> : null}
            </Group>
          ) : null}
          {profile.headline ? <Text size="lg">{profile.headline}</Text> : null}
          <Text c="dimmed">
            {[
              isPerson ? profile.crafts.map((craft) => craftLabels[craft]).join(', ') : categoryLabel(profile.category),
              profile.city,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <dl className={classes.facts}>
            {profile.languages.length > 0 ? (
              <Fact label={profiles_languages()}>
                {profile.languages
                  .map((item) => `${item.language} (${levelLabels[item.level] ?? item.level})`)
                  .join(', ')}
              </Fact>
            ) : null}
            {profile.skills.length > 0 ? <Fact label={profiles_skills()}>{profile.skills.join(', ')}</Fact> : null}
            {profile.playing_age_min !== null && profile.playing_age_max !== null ? (
              <Fact label={profiles_playing_age()}>
                {profile.playing_age_min}–{profile.playing_age_max}
              </Fact>
            ) : null}
            {profile.age !== undefined ? <Fact label={profiles_age()}>{profile.age}</Fact> : null}
            {profile.gender ? <Fact label={profiles_gender()}>{genderLabels[profile.gender]}</Fact> : null}
            {profile.height_cm ? (
              <Fact label={profiles_height()}>{profiles_height_cm({ cm: profile.height_cm })}</Fact>
            ) : null}
            {profile.union_name ? (
              <Fact label={profiles_union()}>
                {profile.union_name}
                {profile.union_number ? ` (${profile.union_number})` : ''}
              </Fact>
            ) : null}
            {profile.address ? <Fact label={profiles_address()}>{profile.address}</Fact> : null}
            {website ? (
              <Fact label={profiles_website()}>
                <Anchor href={website} target="_blank" rel="noopener noreferrer">
                  {profile.website}
                </Anchor>
              </Fact>
            ) : null}
            {profile.phone ? (
              <Fact label={profiles_phone()}>
                <Anchor href={telHref(profile.phone)}>{profile.phone}</Anchor>
              </Fact>
            ) : null}
            {profile.email ? (
              <Fact label={profiles_email()}>
                <Anchor href={`mailto:${profile.email}`}>{profile.email}</Anchor>
              </Fact>
            ) : null}
          </dl>
          {actions}
        </Stack>
      </div>

      {profile.bio ? (
        <section className={classes.section} aria-labelledby="about-heading">
          <Title order={2} size="h3" id="about-heading">
            {profiles_about()}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{profile.bio}</Text>
        </section>
      ) : null}

      {profile.services.length > 0 ? (
        <section className={classes.section} aria-labelledby="services-heading">
          <Title order={2} size="h3" id="services-heading">
            {profile.category === 'Course' ? profiles_courses() : profiles_services()}
          </Title>
          <ul>
            {profile.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {profile.credits.length > 0 ? (
        <section className={classes.section} aria-labelledby="credits-heading">
          <Title order={2} size="h3" id="credits-heading">
            {profiles_credits()}
          </Title>
          <ul>
            {profile.credits.map((credit, index) => (
              <li key={index}>
                <strong>{credit.title}</strong> ({credit.year}, {creditTypeLabels[credit.type]})
                {credit.role ? `: ${credit.role}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {profile.reels.length > 0 ? (
        <section className={classes.section} aria-labelledby="reels-heading">
          <Title order={2} size="h3" id="reels-heading">
            {profiles_reels()}
          </Title>
          <Stack>
            {profile.reels.map((reel, index) => (
              <Reel key={reel} url={reel} index={index} name={profile.display_name} />
            ))}
          </Stack>
        </section>
      ) : null}

      {others.length > 0 ? (
        <section className={classes.section} aria-labelledby="photos-heading">
          <Title order={2} size="h3" id="photos-heading">
            {profiles_photos()}
          </Title>
          <ul className={classes.photos}>
            {others.map((photo, index) => (
              <li key={photo.id}>
                <img
                  src={photo.url}
                  srcSet={photoSrcSet(photo.url)}
                  sizes="160px"
                  alt={profiles_photo_alt({ name: profile.display_name, number: index + 2 })}
                  width={160}
                  height={160}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/** `/profiles/{handle}`: a member's public page, with Contact and Report for signed-in visitors. */
export function ProfilePage({ handle }: { handle: string }) {
  const query = useQuery(profileQueryOptions(handle));
  const signedIn = useAppStore((state) => state.signedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const [dialog, setDialog] = useState<'contact' | 'report' | null>(null);

  if (query.error instanceof ProfileNotFoundError) {
    return (
      <PageContainer>
        <DocumentTitle page={profiles_not_found()} />
        <Title order={1}>{profiles_not_found()}</Title>
        <Text mt="sm" mb="lg">
          {profiles_not_found_text()}
        </Text>
        <Button renderRoot={(props) => <Link {...props} to="/" />}>{profiles_back_home()}</Button>
      </PageContainer>
    );
  }
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? (
          <LoadError
            title={profiles_load_error()}
            what="profile"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingState label={profiles_loading()} />
        )}
      </PageContainer>
    );
  }
  const profile = query.data;
  const open = (which: 'contact' | 'report') => {
    if (!signedIn) void navigate({ to: '/login', search: { redirect: location.href } });
    else setDialog(which);
  };
  return (
    <PageContainer>
      <DocumentTitle page={profile.display_name} />
      <ProfileMeta profile={profile} />
      <ProfileView
        profile={profile}
        actions={
          <Group gap="sm" mt="sm">
            <Button onClick={() => open('contact')}>{profiles_contact()}</Button>
            <Button variant="subtle" color="red" onClick={() => open('report')}>
              {profiles_report()}
            </Button>
            <ShareButton
              path={`/profiles/${profile.handle}`}
              title={profile.display_name}
              text={share_profile_text({ name: profile.display_name })}
            />
          </Group>
        }
      />
      {dialog === 'contact' ? <ContactDialog profile={profile} onClose={() => setDialog(null)} /> : null}
      {dialog === 'report' ? <ReportProfileDialog profile={profile} onClose={() => setDialog(null)} /> : null}
    </PageContainer>
  );
}

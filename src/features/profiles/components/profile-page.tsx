import { pageAddress } from '@/lib/page-address';
import { Alert, Anchor, AspectRatio, Badge, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { EmailConfirmationNotice } from '@/components/email-confirmation-notice';
import { PageContainer } from '@/components/page-container';
import { ReportDialog } from '@/components/report-dialog';
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
import { craftLabels, creditTypeLabels, genderLabels, photoSrcSet } from './profile-labels';
import classes from './profiles.module.css';

/** What a shared link's card shows (Open Graph) and what search engines read (schema.org Person or Organization). */
function ProfileMeta({ profile }: { profile: PublicProfile }) {
  const main = profile.photos.find((photo) => photo.main) ?? profile.photos[0];
  const description = profile.headline || `${profile.category} in ${profile.city}`;
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
        Watch reel {index + 1} on Instagram
      </Anchor>
    ) : null;
  }
  return (
    <AspectRatio ratio={16 / 9} maw={640}>
      {playing ? (
        <iframe
          src={youtubeEmbedUrl(videoId)}
          title={`Reel ${index + 1} of ${name}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ border: 0 }}
        />
      ) : (
        <Button variant="light" h="100%" onClick={() => setPlaying(true)}>
          Play reel {index + 1}
        </Button>
      )}
    </AspectRatio>
  );
}

function ContactDialog({ profile, onClose }: { profile: PublicProfile; onClose: () => void }) {
  const contact = useContactMember(profile.handle);
  const [message, setMessage] = useState('');
  const error = contact.error instanceof ApiError ? contact.error.message : contact.error ? 'You are offline.' : null;
  const unconfirmed = useEmailUnconfirmed();
  return (
    <Modal opened onClose={onClose} title={`Write to ${profile.display_name}`} centered>
      {unconfirmed ? (
        <EmailConfirmationNotice action="write to members" />
      ) : contact.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">
            {contact.data.message}
          </Alert>
          <Button onClick={onClose}>Close</Button>
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
            <Text size="sm">
              Your message reaches them by email and in their account; your own details stay private until you share
              them.
            </Text>
            <Textarea
              label="Your message"
              autosize
              minRows={4}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Button type="submit" loading={contact.isPending}>
              Send message
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

const reportReasonOptions = [
  { value: 'fake', label: 'A fake profile' },
  { value: 'impersonation', label: 'Pretends to be someone else' },
  { value: 'inappropriate', label: 'Inappropriate content' },
];

function ReportProfileDialog({ profile, onClose }: { profile: PublicProfile; onClose: () => void }) {
  const report = useReportProfile(profile.handle);
  return (
    <ReportDialog
      title={`Report ${profile.display_name}`}
      reasons={reportReasonOptions}
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
            alt={`${profile.display_name}, main photo`}
            width={320}
            height={320}
          />
        ) : null}
        <Stack gap="xs">
          <Title order={1}>{profile.display_name}</Title>
          {profile.verified ? (
            <Group gap="xs">
              <Badge color="teal.9" variant="filled">
                Verified
              </Badge>
              {profile.verified_reason ? <Text size="sm">{profile.verified_reason}</Text> : null}
            </Group>
          ) : null}
          {profile.headline ? <Text size="lg">{profile.headline}</Text> : null}
          <Text c="dimmed">
            {[isPerson ? profile.crafts.map((craft) => craftLabels[craft]).join(', ') : profile.category, profile.city]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <dl className={classes.facts}>
            {profile.languages.length > 0 ? (
              <Fact label="Languages">
                {profile.languages.map((item) => `${item.language} (${item.level})`).join(', ')}
              </Fact>
            ) : null}
            {profile.skills.length > 0 ? <Fact label="Skills">{profile.skills.join(', ')}</Fact> : null}
            {profile.playing_age_min !== null && profile.playing_age_max !== null ? (
              <Fact label="Playing age">
                {profile.playing_age_min}–{profile.playing_age_max}
              </Fact>
            ) : null}
            {profile.age !== undefined ? <Fact label="Age">{profile.age}</Fact> : null}
            {profile.gender ? <Fact label="Gender">{genderLabels[profile.gender]}</Fact> : null}
            {profile.height_cm ? <Fact label="Height">{profile.height_cm} cm</Fact> : null}
            {profile.union_name ? (
              <Fact label="Union">
                {profile.union_name}
                {profile.union_number ? ` (${profile.union_number})` : ''}
              </Fact>
            ) : null}
            {profile.address ? <Fact label="Address">{profile.address}</Fact> : null}
            {website ? (
              <Fact label="Website">
                <Anchor href={website} target="_blank" rel="noopener noreferrer">
                  {profile.website}
                </Anchor>
              </Fact>
            ) : null}
            {profile.phone ? (
              <Fact label="Phone">
                <Anchor href={telHref(profile.phone)}>{profile.phone}</Anchor>
              </Fact>
            ) : null}
            {profile.email ? (
              <Fact label="Email">
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
            About
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{profile.bio}</Text>
        </section>
      ) : null}

      {profile.services.length > 0 ? (
        <section className={classes.section} aria-labelledby="services-heading">
          <Title order={2} size="h3" id="services-heading">
            {profile.category === 'Course' ? 'Courses' : 'Services'}
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
            Credits
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
            Reels
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
            Photos
          </Title>
          <ul className={classes.photos}>
            {others.map((photo, index) => (
              <li key={photo.id}>
                <img
                  src={photo.url}
                  srcSet={photoSrcSet(photo.url)}
                  sizes="160px"
                  alt={`${profile.display_name}, photo ${index + 2}`}
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
        <DocumentTitle page="Profile not found" />
        <Title order={1}>Profile not found</Title>
        <Text mt="sm" mb="lg">
          There is no profile at this address. It may have been hidden or removed.
        </Text>
        <Button renderRoot={(props) => <Link {...props} to="/" />}>Back to Homepage</Button>
      </PageContainer>
    );
  }
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? (
          <LoadError
            title="This profile could not be loaded"
            what="profile"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingState label="Loading the profile" />
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
            <Button onClick={() => open('contact')}>Contact</Button>
            <Button variant="subtle" color="red" onClick={() => open('report')}>
              Report profile
            </Button>
          </Group>
        }
      />
      {dialog === 'contact' ? <ContactDialog profile={profile} onClose={() => setDialog(null)} /> : null}
      {dialog === 'report' ? <ReportProfileDialog profile={profile} onClose={() => setDialog(null)} /> : null}
    </PageContainer>
  );
}

import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { Reveal } from '@/components/reveal';
import { useSiteSettings } from '@/lib/site-settings-context';
import { telHref } from '@/lib/phone';
import { about_caption } from '@/paraglide/messages/about_caption.js';
import { about_career_text } from '@/paraglide/messages/about_career_text.js';
import { about_career_title } from '@/paraglide/messages/about_career_title.js';
import { about_contact_team } from '@/paraglide/messages/about_contact_team.js';
import { about_contact_title } from '@/paraglide/messages/about_contact_title.js';
import { about_default_address } from '@/paraglide/messages/about_default_address.js';
import { about_direct_text } from '@/paraglide/messages/about_direct_text.js';
import { about_direct_title } from '@/paraglide/messages/about_direct_title.js';
import { about_email } from '@/paraglide/messages/about_email.js';
import { about_head_office } from '@/paraglide/messages/about_head_office.js';
import { about_hero_text } from '@/paraglide/messages/about_hero_text.js';
import { about_image_alt } from '@/paraglide/messages/about_image_alt.js';
import { about_mission_text } from '@/paraglide/messages/about_mission_text.js';
import { about_mission_title } from '@/paraglide/messages/about_mission_title.js';
import { about_phone } from '@/paraglide/messages/about_phone.js';
import { about_portfolio_text } from '@/paraglide/messages/about_portfolio_text.js';
import { about_portfolio_title } from '@/paraglide/messages/about_portfolio_title.js';
import { about_realtime_text } from '@/paraglide/messages/about_realtime_text.js';
import { about_realtime_title } from '@/paraglide/messages/about_realtime_title.js';
import { about_title } from '@/paraglide/messages/about_title.js';
import { about_trusted_text } from '@/paraglide/messages/about_trusted_text.js';
import { about_trusted_title } from '@/paraglide/messages/about_trusted_title.js';
import { about_verified_text } from '@/paraglide/messages/about_verified_text.js';
import { about_verified_title } from '@/paraglide/messages/about_verified_title.js';
import { about_who_text } from '@/paraglide/messages/about_who_text.js';
import { about_who_title } from '@/paraglide/messages/about_who_title.js';
import { about_why_title } from '@/paraglide/messages/about_why_title.js';
import studioFloor from '../assets/studio-floor.svg';
import classes from './about.module.css';

/** The six cards, as message functions: read when rendered, in the page's language. */
const features = [
  { title: about_verified_title, text: about_verified_text },
  { title: about_portfolio_title, text: about_portfolio_text },
  { title: about_trusted_title, text: about_trusted_text },
  { title: about_realtime_title, text: about_realtime_text },
  { title: about_direct_title, text: about_direct_text },
  { title: about_career_title, text: about_career_text },
] as const;

/** The head office's support lines; the address itself comes from the site settings. */
const supportEmails = ['support@cineverse.in', 'casting@cineverse.in'] as const;
const supportPhones = ['+91 22 4012 3456', '+91 98201 45678'] as const;

export function AboutPage() {
  const settings = useSiteSettings();
  const siteName = settings?.site_name || 'CineVerse';
  return (
    <>
      <div className={classes.hero}>
        <PageContainer>
          <DocumentTitle page={about_title()} />
          <Title order={1} className={classes.heroTitle}>
            {about_title()}
          </Title>
          <Text className={classes.heroText}>{about_hero_text()}</Text>
        </PageContainer>
      </div>
      <PageContainer>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" className={classes.intro}>
          <figure className={classes.figure}>
            <img src={studioFloor} alt={about_image_alt()} width={960} height={540} className={classes.image} />
            <figcaption className={classes.caption}>{about_caption()}</figcaption>
          </figure>
          <div>
            <Title order={2} className={classes.heading}>
              {about_who_title()}
            </Title>
            <Text mb="md">{about_who_text({ siteName })}</Text>
            <Card withBorder radius="md" padding="lg" className={classes.mission}>
              <Title order={3} className={classes.missionTitle}>
                {about_mission_title()}
              </Title>
              <Text>{about_mission_text()}</Text>
            </Card>
          </div>
        </SimpleGrid>

        <Title order={2} className={classes.heading} mt="xl">
          {about_why_title({ siteName })}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {features.map((feature, index) => (
            <Reveal key={index}>
              <Card withBorder radius="md" padding="lg" className={classes.feature}>
                <Title order={3} className={classes.featureTitle}>
                  {feature.title()}
                </Title>
                <Text size="sm">{feature.text()}</Text>
              </Card>
            </Reveal>
          ))}
        </SimpleGrid>

        <section className={classes.contact} aria-labelledby="about-contact-heading">
          <Title order={2} id="about-contact-heading" className={classes.heading}>
            {about_contact_title()}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <div>
              <Title order={3} className={classes.contactTitle}>
                {about_head_office()}
              </Title>
              <Text>{settings?.site_address || about_default_address()}</Text>
            </div>
            <div>
              <Title order={3} className={classes.contactTitle}>
                {about_email()}
              </Title>
              {supportEmails.map((email) => (
                <Text key={email}>
                  <a href={`mailto:${email}`}>{email}</a>
                </Text>
              ))}
            </div>
            <div>
              <Title order={3} className={classes.contactTitle}>
                {about_phone()}
              </Title>
              {supportPhones.map((phone) => (
                <Text key={phone}>
                  <a href={telHref(phone)}>{phone}</a>
                </Text>
              ))}
            </div>
          </SimpleGrid>
          <Button component={Link} to="/contact" size="md" mt="lg">
            {about_contact_team()}
          </Button>
        </section>
      </PageContainer>
    </>
  );
}

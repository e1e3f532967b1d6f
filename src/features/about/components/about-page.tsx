import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { Reveal } from '@/components/reveal';
import { useSiteSettings } from '@/lib/site-settings-context';
import { telHref } from '@/lib/phone';
import studioFloor from '../assets/studio-floor.svg';
import classes from './about.module.css';

const features = [
  {
    title: 'Verified community',
    text: 'Every profile of an actor, technician, studio or production house is checked before it gets the verified badge.',
  },
  {
    title: 'Portfolio showcase',
    text: 'Photos, showreels, credits and languages on one page you can send to any casting director.',
  },
  {
    title: 'Trusted environment',
    text: 'No casting call may ask for money; reported listings are reviewed within a day.',
  },
  {
    title: 'Real-time opportunities',
    text: 'Auditions, crew calls and course batches appear the moment they are posted.',
  },
  {
    title: 'Direct connections',
    text: 'Reach casting directors and producers directly, without middlemen or agents’ fees.',
  },
  {
    title: 'Career support',
    text: 'Courses, workshops and mentors from the industry to help you grow at every stage.',
  },
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
          <DocumentTitle page="About Us" />
          <Title order={1} className={classes.heroTitle}>
            About Us
          </Title>
          <Text className={classes.heroText}>
            The home of India’s film community: talent, crews, studios and learners, from Mumbai to Chennai.
          </Text>
        </PageContainer>
      </div>
      <PageContainer>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" className={classes.intro}>
          <figure className={classes.figure}>
            <img
              src={studioFloor}
              alt="A lit film set on a studio floor, with a camera on a tripod and a director’s chair"
              width={960}
              height={540}
              className={classes.image}
            />
            <figcaption className={classes.caption}>On the floor of a film studio in Goregaon, Mumbai</figcaption>
          </figure>
          <div>
            <Title order={2} className={classes.heading}>
              Who we are
            </Title>
            <Text mb="md">
              {siteName} is India’s film-industry network for actors, writers, directors, DOPs, artists, production
              houses, casting agents, studios and learners. Members build profiles, show their portfolios, find job
              listings, auditions and reels, and meet the people they want to work with.
            </Text>
            <Card withBorder radius="md" padding="lg" className={classes.mission}>
              <Title order={3} className={classes.missionTitle}>
                Our mission
              </Title>
              <Text>
                To give film professionals a dedicated digital platform for career growth, discovery and creative
                collaboration.
              </Text>
            </Card>
          </div>
        </SimpleGrid>

        <Title order={2} className={classes.heading} mt="xl">
          Why {siteName}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {features.map((feature) => (
            <Reveal key={feature.title}>
              <Card withBorder radius="md" padding="lg" className={classes.feature}>
                <Title order={3} className={classes.featureTitle}>
                  {feature.title}
                </Title>
                <Text size="sm">{feature.text}</Text>
              </Card>
            </Reveal>
          ))}
        </SimpleGrid>

        <section className={classes.contact} aria-labelledby="about-contact-heading">
          <Title order={2} id="about-contact-heading" className={classes.heading}>
            Get in touch
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <div>
              <Title order={3} className={classes.contactTitle}>
                Head office
              </Title>
              <Text>{settings?.site_address || 'Andheri West, Mumbai, Maharashtra'}</Text>
            </div>
            <div>
              <Title order={3} className={classes.contactTitle}>
                Email
              </Title>
              {supportEmails.map((email) => (
                <Text key={email}>
                  <a href={`mailto:${email}`}>{email}</a>
                </Text>
              ))}
            </div>
            <div>
              <Title order={3} className={classes.contactTitle}>
                Phone
              </Title>
              {supportPhones.map((phone) => (
                <Text key={phone}>
                  <a href={telHref(phone)}>{phone}</a>
                </Text>
              ))}
            </div>
          </SimpleGrid>
          <Button component={Link} to="/contact" size="md" mt="lg">
            Contact Our Team
          </Button>
        </section>
      </PageContainer>
    </>
  );
}

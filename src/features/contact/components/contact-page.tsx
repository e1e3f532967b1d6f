import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { useSiteSettings } from '@/lib/site-settings-context';
import { telHref, whatsappHref } from '@/lib/phone';
import classes from './contact.module.css';
import { ContactForm } from './contact-form';

const MAP_ADDRESS = 'Andheri West, Mumbai, Maharashtra';
const MAP_URL = `https://maps.google.com/maps?q=${encodeURIComponent(MAP_ADDRESS)}&z=14&output=embed`;

/** The embedded map of Andheri West; a plain placeholder when the device is offline (the frame could not load). */
function ContactMap() {
  const { online } = useNetwork();
  if (!online) {
    return (
      <div className={classes.mapPlaceholder} data-testid="map-placeholder">
        <Text fw={600}>Map unavailable offline</Text>
        <Text size="sm">{MAP_ADDRESS}</Text>
      </div>
    );
  }
  return (
    <iframe
      className={classes.map}
      src={MAP_URL}
      title="Map of Andheri West, Mumbai"
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
    />
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.detail}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </div>
  );
}

function ContactDetails() {
  const settings = useSiteSettings();
  const phone = settings?.site_phone;
  const whatsapp = settings?.site_whatsapp;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contact-details-heading">
      <Title order={2} id="contact-details-heading" className={classes.cardTitle}>
        Contact details
      </Title>
      <DetailRow label="Phone">{phone ? <a href={telHref(phone)}>{phone}</a> : 'Not available'}</DetailRow>
      <DetailRow label="WhatsApp">
        {whatsapp ? (
          <a href={whatsappHref(whatsapp)} target="_blank" rel="noopener noreferrer">
            {whatsapp}
          </a>
        ) : (
          'Not available'
        )}
      </DetailRow>
      <DetailRow label="Address">{settings?.site_address || 'Address not specified'}</DetailRow>
      <Title order={3} className={classes.hoursTitle}>
        Business hours
      </Title>
      <dl className={classes.hours}>
        <dt>Mon–Fri</dt>
        <dd>9:00 AM–6:00 PM</dd>
        <dt>Sat–Sun</dt>
        <dd>Closed</dd>
      </dl>
    </Card>
  );
}

export function ContactPage() {
  return (
    <PageContainer>
      <DocumentTitle page="Contact Us" />
      <Title order={1} className={classes.title}>
        Get in Touch
      </Title>
      <Text mb="xl" maw={640}>
        Questions about a listing, an audition, a course or an order? Write to us and the team will reply within 24
        hours.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <ContactForm />
        <ContactDetails />
      </SimpleGrid>
      <div className={classes.mapFrame}>
        <ContactMap />
      </div>
    </PageContainer>
  );
}

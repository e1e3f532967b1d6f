import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { useSiteSettings } from '@/lib/site-settings-context';
import { telHref, whatsappHref } from '@/lib/phone';
import { getLocale } from '@/paraglide/runtime';
import { contact_address } from '@/paraglide/messages/contact_address.js';
import { contact_closed } from '@/paraglide/messages/contact_closed.js';
import { contact_details } from '@/paraglide/messages/contact_details.js';
import { contact_hours } from '@/paraglide/messages/contact_hours.js';
import { contact_intro } from '@/paraglide/messages/contact_intro.js';
import { contact_map_address } from '@/paraglide/messages/contact_map_address.js';
import { contact_map_offline } from '@/paraglide/messages/contact_map_offline.js';
import { contact_map_title } from '@/paraglide/messages/contact_map_title.js';
import { contact_no_address } from '@/paraglide/messages/contact_no_address.js';
import { contact_not_available } from '@/paraglide/messages/contact_not_available.js';
import { contact_page_title } from '@/paraglide/messages/contact_page_title.js';
import { contact_phone } from '@/paraglide/messages/contact_phone.js';
import { contact_title } from '@/paraglide/messages/contact_title.js';
import { contact_weekday_hours } from '@/paraglide/messages/contact_weekday_hours.js';
import { contact_weekdays } from '@/paraglide/messages/contact_weekdays.js';
import { contact_weekend } from '@/paraglide/messages/contact_weekend.js';
import { contact_whatsapp } from '@/paraglide/messages/contact_whatsapp.js';
import classes from './contact.module.css';
import { ContactForm } from './contact-form';

const MAP_ADDRESS = 'Andheri West, Mumbai, Maharashtra';
const MAP_URL = `https://maps.google.com/maps?q=${encodeURIComponent(MAP_ADDRESS)}&z=14&output=embed`;
/** The map's own labels in the page's language. */
const mapUrl = () => (getLocale() === 'hi' ? `${MAP_URL}&hl=hi` : MAP_URL);

/** The embedded map of Andheri West; a plain placeholder when the device is offline (the frame could not load). */
function ContactMap() {
  const { online } = useNetwork();
  if (!online) {
    return (
      <div className={classes.mapPlaceholder} data-testid="map-placeholder">
        <Text fw={600}>{contact_map_offline()}</Text>
        <Text size="sm">{contact_map_address()}</Text>
      </div>
    );
  }
  return (
    <iframe
      className={classes.map}
      src={mapUrl()}
      title={contact_map_title()}
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
        {contact_details()}
      </Title>
      <DetailRow label={contact_phone()}>
        {phone ? <a href={telHref(phone)}>{phone}</a> : contact_not_available()}
      </DetailRow>
      <DetailRow label={contact_whatsapp()}>
        {whatsapp ? (
          <a href={whatsappHref(whatsapp)} target="_blank" rel="noopener noreferrer">
            {whatsapp}
          </a>
        ) : (
          contact_not_available()
        )}
      </DetailRow>
      <DetailRow label={contact_address()}>{settings?.site_address || contact_no_address()}</DetailRow>
      <Title order={3} className={classes.hoursTitle}>
        {contact_hours()}
      </Title>
      <dl className={classes.hours}>
        <dt>{contact_weekdays()}</dt>
        <dd>{contact_weekday_hours()}</dd>
        <dt>{contact_weekend()}</dt>
        <dd>{contact_closed()}</dd>
      </dl>
    </Card>
  );
}

export function ContactPage() {
  return (
    <PageContainer>
      <DocumentTitle page={contact_page_title()} />
      <Title order={1} className={classes.title}>
        {contact_title()}
      </Title>
      <Text mb="xl" maw={640}>
        {contact_intro()}
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

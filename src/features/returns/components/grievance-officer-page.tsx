import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadingState } from '@/components/query-states';
import { officerQueryOptions } from '../api/returns';
import { grv_loading_officer } from '@/paraglide/messages/grv_loading_officer.js';
import { grv_officer_address } from '@/paraglide/messages/grv_officer_address.js';
import { grv_officer_email } from '@/paraglide/messages/grv_officer_email.js';
import { grv_officer_phone } from '@/paraglide/messages/grv_officer_phone.js';
import { grv_page_clocks } from '@/paraglide/messages/grv_page_clocks.js';
import { grv_page_intro } from '@/paraglide/messages/grv_page_intro.js';
import { grv_page_ticket } from '@/paraglide/messages/grv_page_ticket.js';
import { grv_page_title } from '@/paraglide/messages/grv_page_title.js';

/**
 * The grievance officer the Consumer Protection (E-Commerce) Rules 2020 ask every shop to name (Rule 4(4): name,
 * designation and contact details), with the clocks of Rule 4(5) a complaint is handled in.
 */
export function GrievanceOfficerPage() {
  const query = useQuery(officerQueryOptions());
  const officer = query.data;
  return (
    <PageContainer>
      <DocumentTitle page={grv_page_title()} />
      <Stack gap="md" maw={640}>
        <Title order={1}>{grv_page_title()}</Title>
        <Text>{grv_page_intro()}</Text>
        {officer ? (
          <section aria-label={grv_page_title()}>
            <Text fw={700} fz="lg">
              {officer.name}
            </Text>
            <Text>{officer.designation}</Text>
            <Text mt="xs">
              {grv_officer_phone()}:{' '}
              <Anchor href={`tel:${officer.phone.replace(/[^\d+]/g, '')}`}>{officer.phone}</Anchor>
            </Text>
            <Text>
              {grv_officer_email()}: <Anchor href={`mailto:${officer.email}`}>{officer.email}</Anchor>
            </Text>
            <Text>
              {grv_officer_address()}: {officer.address}
            </Text>
          </section>
        ) : (
          <LoadingState label={grv_loading_officer()} />
        )}
        <Text>{grv_page_clocks()}</Text>
        <Text fz="sm" c="dimmed">
          {grv_page_ticket()}
        </Text>
      </Stack>
    </PageContainer>
  );
}

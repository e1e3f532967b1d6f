import { Accordion } from '@mantine/core';
import { faq_duration_a } from '@/paraglide/messages/faq_duration_a.js';
import { faq_duration_q } from '@/paraglide/messages/faq_duration_q.js';
import { faq_enrol_a } from '@/paraglide/messages/faq_enrol_a.js';
import { faq_enrol_q } from '@/paraglide/messages/faq_enrol_q.js';
import { faq_equipment_a } from '@/paraglide/messages/faq_equipment_a.js';
import { faq_equipment_q } from '@/paraglide/messages/faq_equipment_q.js';
import { faq_experience_a } from '@/paraglide/messages/faq_experience_a.js';
import { faq_experience_q } from '@/paraglide/messages/faq_experience_q.js';
import { faq_payment_a } from '@/paraglide/messages/faq_payment_a.js';
import { faq_payment_q } from '@/paraglide/messages/faq_payment_q.js';
import { faq_placement_a } from '@/paraglide/messages/faq_placement_a.js';
import { faq_placement_q } from '@/paraglide/messages/faq_placement_q.js';
import { home_faq } from '@/paraglide/messages/home_faq.js';
import { HomeSection } from './home-sections';

/*
 * The FAQ, below the fold: a module of its own, with its words, loaded when it is needed (src/lib/deferred-part.tsx).
 */

/**
 * The six FAQ entries the spec names: enrolment, duration, audition experience, equipment, placement, payment, in
 * the page's language (the spec's English text is English's).
 */
const faqEntries = [
  { question: faq_enrol_q, answer: faq_enrol_a },
  { question: faq_duration_q, answer: faq_duration_a },
  { question: faq_experience_q, answer: faq_experience_a },
  { question: faq_equipment_q, answer: faq_equipment_a },
  { question: faq_placement_q, answer: faq_placement_a },
  { question: faq_payment_q, answer: faq_payment_a },
] as const;

export function FaqSection() {
  return (
    <HomeSection id="faq" title={home_faq()}>
      <Accordion variant="separated" chevronPosition="right">
        {faqEntries.map((entry, index) => (
          <Accordion.Item key={index} value={String(index)}>
            <Accordion.Control>{entry.question()}</Accordion.Control>
            <Accordion.Panel>{entry.answer()}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </HomeSection>
  );
}

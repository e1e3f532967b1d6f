import { pay_online } from '@/paraglide/messages/pay_online.js';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { PROCESSING_BUSINESS_DAYS, TRANSIT_WORKING_DAYS } from '@/contract/delivery';
import {
  CANCEL_WINDOW_DAYS,
  FREE_SHIPPING_FROM,
  type PaymentMethod,
  paymentMethodLabels,
  paymentMethods,
  REPORT_PROBLEM_DAYS,
  SHIPPING_FEE,
} from '@/contract/orders';
import { formatDate, formatInr } from '@/lib/money';
import { useSiteSettings } from '@/lib/site-settings-context';
import { usePaymentOptions } from '@/lib/payment-options';
import { telHref } from '@/lib/phone';
import { checkout_cod } from '@/paraglide/messages/checkout_cod.js';
import { policy_contact } from '@/paraglide/messages/policy_contact.js';
import { policy_not_available } from '@/paraglide/messages/policy_not_available.js';
import { policy_pay_choice } from '@/paraglide/messages/policy_pay_choice.js';
import { policy_pay_cod } from '@/paraglide/messages/policy_pay_cod.js';
import { policy_pay_only } from '@/paraglide/messages/policy_pay_only.js';
import { policy_payment } from '@/paraglide/messages/policy_payment.js';
import { privacy_changes_text } from '@/paraglide/messages/privacy_changes_text.js';
import { privacy_changes_title } from '@/paraglide/messages/privacy_changes_title.js';
import { privacy_collect_account } from '@/paraglide/messages/privacy_collect_account.js';
import { privacy_collect_messages } from '@/paraglide/messages/privacy_collect_messages.js';
import { privacy_collect_orders } from '@/paraglide/messages/privacy_collect_orders.js';
import { privacy_collect_profile } from '@/paraglide/messages/privacy_collect_profile.js';
import { privacy_collect_technical } from '@/paraglide/messages/privacy_collect_technical.js';
import { privacy_collect_title } from '@/paraglide/messages/privacy_collect_title.js';
import { privacy_consent_text } from '@/paraglide/messages/privacy_consent_text.js';
import { privacy_consent_title } from '@/paraglide/messages/privacy_consent_title.js';
import { privacy_intro } from '@/paraglide/messages/privacy_intro.js';
import { privacy_officer_email } from '@/paraglide/messages/privacy_officer_email.js';
import { privacy_officer_hours } from '@/paraglide/messages/privacy_officer_hours.js';
import { privacy_officer_name } from '@/paraglide/messages/privacy_officer_name.js';
import { privacy_officer_phone } from '@/paraglide/messages/privacy_officer_phone.js';
import { privacy_officer_promise } from '@/paraglide/messages/privacy_officer_promise.js';
import { privacy_officer_title } from '@/paraglide/messages/privacy_officer_title.js';
import { privacy_retention_text } from '@/paraglide/messages/privacy_retention_text.js';
import { privacy_retention_title } from '@/paraglide/messages/privacy_retention_title.js';
import { privacy_rights_text } from '@/paraglide/messages/privacy_rights_text.js';
import { privacy_rights_title } from '@/paraglide/messages/privacy_rights_title.js';
import { privacy_security_text } from '@/paraglide/messages/privacy_security_text.js';
import { privacy_security_title } from '@/paraglide/messages/privacy_security_title.js';
import { privacy_sharing_text } from '@/paraglide/messages/privacy_sharing_text.js';
import { privacy_sharing_title } from '@/paraglide/messages/privacy_sharing_title.js';
import { privacy_title } from '@/paraglide/messages/privacy_title.js';
import { privacy_use_account } from '@/paraglide/messages/privacy_use_account.js';
import { privacy_use_fraud } from '@/paraglide/messages/privacy_use_fraud.js';
import { privacy_use_orders } from '@/paraglide/messages/privacy_use_orders.js';
import { privacy_use_title } from '@/paraglide/messages/privacy_use_title.js';
import { privacy_use_updates } from '@/paraglide/messages/privacy_use_updates.js';
import { refund_cancel_dispatched } from '@/paraglide/messages/refund_cancel_dispatched.js';
import { refund_cancel_perishable } from '@/paraglide/messages/refund_cancel_perishable.js';
import { refund_cancel_title } from '@/paraglide/messages/refund_cancel_title.js';
import { refund_cancel_yourself } from '@/paraglide/messages/refund_cancel_yourself.js';
import { refund_contact_text } from '@/paraglide/messages/refund_contact_text.js';
import { refund_defective_text } from '@/paraglide/messages/refund_defective_text.js';
import { refund_defective_title } from '@/paraglide/messages/refund_defective_title.js';
import { refund_refunds_text } from '@/paraglide/messages/refund_refunds_text.js';
import { refund_refunds_title } from '@/paraglide/messages/refund_refunds_title.js';
import { refund_title } from '@/paraglide/messages/refund_title.js';
import { shipping_charges_text } from '@/paraglide/messages/shipping_charges_text.js';
import { shipping_charges_title } from '@/paraglide/messages/shipping_charges_title.js';
import { shipping_contact_text } from '@/paraglide/messages/shipping_contact_text.js';
import { shipping_failed_text } from '@/paraglide/messages/shipping_failed_text.js';
import { shipping_failed_title } from '@/paraglide/messages/shipping_failed_title.js';
import { shipping_times_processing } from '@/paraglide/messages/shipping_times_processing.js';
import { shipping_times_title } from '@/paraglide/messages/shipping_times_title.js';
import { shipping_times_transit } from '@/paraglide/messages/shipping_times_transit.js';
import { shipping_title } from '@/paraglide/messages/shipping_title.js';
import { shipping_tracking_text } from '@/paraglide/messages/shipping_tracking_text.js';
import { shipping_tracking_title } from '@/paraglide/messages/shipping_tracking_title.js';
import { shipping_where_text } from '@/paraglide/messages/shipping_where_text.js';
import { shipping_where_title } from '@/paraglide/messages/shipping_where_title.js';
import { terms_intro } from '@/paraglide/messages/terms_intro.js';
import { terms_law_text } from '@/paraglide/messages/terms_law_text.js';
import { terms_law_title } from '@/paraglide/messages/terms_law_title.js';
import { terms_privacy_link } from '@/paraglide/messages/terms_privacy_link.js';
import { terms_privacy_text } from '@/paraglide/messages/terms_privacy_text.js';
import { terms_privacy_title } from '@/paraglide/messages/terms_privacy_title.js';
import { terms_refunds_link } from '@/paraglide/messages/terms_refunds_link.js';
import { terms_refunds_text } from '@/paraglide/messages/terms_refunds_text.js';
import { terms_refunds_title } from '@/paraglide/messages/terms_refunds_title.js';
import { terms_title } from '@/paraglide/messages/terms_title.js';
import { terms_use_age } from '@/paraglide/messages/terms_use_age.js';
import { terms_use_conduct } from '@/paraglide/messages/terms_use_conduct.js';
import { terms_use_offers } from '@/paraglide/messages/terms_use_offers.js';
import { terms_use_prices } from '@/paraglide/messages/terms_use_prices.js';
import { terms_use_rights } from '@/paraglide/messages/terms_use_rights.js';
import { terms_use_title } from '@/paraglide/messages/terms_use_title.js';
import { terms_use_true } from '@/paraglide/messages/terms_use_true.js';
import { getLocale } from '@/paraglide/runtime';
import classes from './policies.module.css';
import { PolicyLayout, PolicySection } from './policy-layout';

const UPDATED = { iso: '2026-11-01', english: '1 November 2026' };
/** The return and shipping policies were last changed when they came to be written from the shop's settings. */
const SHOP_POLICIES_UPDATED = { iso: '2026-11-28', english: '28 November 2026' };
const SUPPORT_EMAIL = 'support@cineverse.in';
const GRIEVANCE_EMAIL = 'grievance@cineverse.in';

/** A policy's date: the English text keeps its whole month's name; Hindi is written as the date helpers write it. */
function updatedOn(date: { iso: string; english: string }): string {
  // Noon: the day is the same in every time zone a reader is in.
  return getLocale() === 'en' ? date.english : formatDate(`${date.iso}T12:00:00`);
}

/** The way to pay's name in the page's language, as the checkout names it. */
const paymentMethodWords: Record<PaymentMethod, () => string> = { cod: checkout_cod, online: pay_online };

/**
 * A message with links or addresses in it: each `{name}` input is given a mark, and the text is cut at the marks,
 * the given nodes taking their places, wherever the language puts them.
 */
function withNodes<Name extends string>(
  message: (inputs: Record<Name, string>) => string,
  nodes: Record<Name, ReactNode>,
): ReactNode[] {
  const names = Object.keys(nodes) as Name[];
  const text = message(
    Object.fromEntries(names.map((name, index) => [name, `\uE000${index}\uE001`])) as Record<Name, string>,
  );
  return text
    .split(/\uE000(\d+)\uE001/)
    .map((part, index) => (index % 2 === 0 ? part : <Fragment key={index}>{nodes[names[Number(part)]!]}</Fragment>));
}

function SitePhone() {
  const phone = useSiteSettings()?.site_phone;
  if (!phone) return <>{policy_not_available()}</>;
  return <a href={telHref(phone)}>{phone}</a>;
}

/**
 * The ways to pay the checkout offers, from the list it takes them from: the policies never promise another.
 */
function PaymentModes() {
  const english = getLocale() === 'en';
  // Paying online is named only while the shop offers it (the gateway's keys are set), and first, as checkout does.
  const online = usePaymentOptions().data?.online ?? false;
  const offered = [...paymentMethods].reverse().filter((method) => method !== 'online' || online);
  const labels = offered.map((method) => (english ? paymentMethodLabels[method] : paymentMethodWords[method]()));
  const cashOnDelivery = (paymentMethods as readonly string[]).includes('cod');
  return (
    <p>
      {labels.length === 1
        ? policy_pay_only({ method: labels[0]! })
        : policy_pay_choice({ methods: labels.slice(0, -1).join(', '), last: labels.at(-1)!.toLowerCase() })}
      {cashOnDelivery ? policy_pay_cod() : ''}
    </p>
  );
}

const days = ({ min, max }: { min: number; max: number }) => `${min}–${max}`;

function Mail({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}

export function PrivacyPolicyPage() {
  return (
    <PolicyLayout title={privacy_title()} updated={updatedOn(UPDATED)}>
      <p>{privacy_intro()}</p>
      <PolicySection title={privacy_collect_title()}>
        <ul>
          <li>{privacy_collect_account()}</li>
          <li>{privacy_collect_profile()}</li>
          <li>{privacy_collect_orders()}</li>
          <li>{privacy_collect_messages()}</li>
          <li>{privacy_collect_technical()}</li>
        </ul>
      </PolicySection>
      <PolicySection title={privacy_use_title()}>
        <ul>
          <li>{privacy_use_account()}</li>
          <li>{privacy_use_orders()}</li>
          <li>{privacy_use_updates()}</li>
          <li>{privacy_use_fraud()}</li>
        </ul>
      </PolicySection>
      <PolicySection title={privacy_sharing_title()}>
        <p>{privacy_sharing_text()}</p>
      </PolicySection>
      <PolicySection title={privacy_security_title()}>
        <p>{privacy_security_text()}</p>
      </PolicySection>
      <PolicySection title={privacy_retention_title()}>
        <p>{privacy_retention_text()}</p>
      </PolicySection>
      <PolicySection title={privacy_rights_title()}>
        <p>{withNodes(privacy_rights_text, { email: <Mail address={SUPPORT_EMAIL} /> })}</p>
      </PolicySection>
      <PolicySection title={privacy_consent_title()}>
        <p>{privacy_consent_text()}</p>
      </PolicySection>
      <PolicySection title={privacy_changes_title()}>
        <p>{privacy_changes_text()}</p>
      </PolicySection>
      <PolicySection title={privacy_officer_title()}>
        <div className={classes.officer}>
          <p>
            <strong>{privacy_officer_name()}</strong>
          </p>
          <p>
            {privacy_officer_email()} <Mail address={GRIEVANCE_EMAIL} />
          </p>
          <p>
            {privacy_officer_phone()} <SitePhone />
          </p>
          <p>{privacy_officer_hours()}</p>
          <p>{privacy_officer_promise()}</p>
        </div>
      </PolicySection>
    </PolicyLayout>
  );
}

export function TermsPage() {
  return (
    <PolicyLayout title={terms_title()} updated={updatedOn(UPDATED)}>
      <p>{terms_intro()}</p>
      <PolicySection title={terms_use_title()}>
        <ul>
          <li>{terms_use_age()}</li>
          <li>{terms_use_true()}</li>
          <li>{terms_use_rights()}</li>
          <li>{terms_use_conduct()}</li>
          <li>{terms_use_prices()}</li>
          <li>{terms_use_offers()}</li>
        </ul>
      </PolicySection>
      <PolicySection title={terms_privacy_title()}>
        <p>
          {withNodes(terms_privacy_text, {
            link: (
              <Anchor component={Link} to="/privacy-policy">
                {terms_privacy_link()}
              </Anchor>
            ),
          })}
        </p>
      </PolicySection>
      <PolicySection title={terms_refunds_title()}>
        <p>
          {withNodes(terms_refunds_text, {
            link: (
              <Anchor component={Link} to="/refund-cancellation">
                {terms_refunds_link()}
              </Anchor>
            ),
          })}
        </p>
      </PolicySection>
      <PolicySection title={terms_law_title()}>
        <p>{terms_law_text()}</p>
      </PolicySection>
    </PolicyLayout>
  );
}

export function RefundPolicyPage() {
  return (
    <PolicyLayout title={refund_title()} updated={updatedOn(SHOP_POLICIES_UPDATED)}>
      <PolicySection title={policy_payment()}>
        <PaymentModes />
      </PolicySection>
      <PolicySection title={refund_cancel_title()}>
        <ul>
          <li>{refund_cancel_yourself({ days: CANCEL_WINDOW_DAYS })}</li>
          <li>{refund_cancel_perishable()}</li>
          <li>{refund_cancel_dispatched()}</li>
        </ul>
      </PolicySection>
      <PolicySection title={refund_defective_title()}>
        <p>{refund_defective_text({ days: REPORT_PROBLEM_DAYS })}</p>
      </PolicySection>
      <PolicySection title={refund_refunds_title()}>
        <p>{refund_refunds_text()}</p>
      </PolicySection>
      <PolicySection title={policy_contact()}>
        <p>{withNodes(refund_contact_text, { email: <Mail address={SUPPORT_EMAIL} />, phone: <SitePhone /> })}</p>
      </PolicySection>
    </PolicyLayout>
  );
}

export function ShippingPolicyPage() {
  return (
    <PolicyLayout title={shipping_title()} updated={updatedOn(SHOP_POLICIES_UPDATED)}>
      <PolicySection title={shipping_where_title()}>
        <p>{shipping_where_text()}</p>
      </PolicySection>
      <PolicySection title={shipping_times_title()}>
        <ul>
          <li>{shipping_times_processing({ days: days(PROCESSING_BUSINESS_DAYS) })}</li>
          <li>{shipping_times_transit({ days: days(TRANSIT_WORKING_DAYS) })}</li>
        </ul>
      </PolicySection>
      <PolicySection title={shipping_charges_title()}>
        <p>{shipping_charges_text({ free: formatInr(FREE_SHIPPING_FROM), fee: formatInr(SHIPPING_FEE) })}</p>
      </PolicySection>
      <PolicySection title={policy_payment()}>
        <PaymentModes />
      </PolicySection>
      <PolicySection title={shipping_tracking_title()}>
        <p>{shipping_tracking_text()}</p>
      </PolicySection>
      <PolicySection title={shipping_failed_title()}>
        <p>{shipping_failed_text()}</p>
      </PolicySection>
      <PolicySection title={policy_contact()}>
        <p>{withNodes(shipping_contact_text, { email: <Mail address={SUPPORT_EMAIL} />, phone: <SitePhone /> })}</p>
      </PolicySection>
    </PolicyLayout>
  );
}

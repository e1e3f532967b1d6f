import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PROCESSING_BUSINESS_DAYS, TRANSIT_WORKING_DAYS } from '@/contract/delivery';
import {
  CANCEL_WINDOW_DAYS,
  FREE_SHIPPING_FROM,
  paymentMethodLabels,
  paymentMethods,
  REPORT_PROBLEM_DAYS,
  SHIPPING_FEE,
} from '@/contract/orders';
import { formatInr } from '@/lib/money';
import { useSiteSettings } from '@/lib/site-settings-context';
import { telHref } from '@/lib/phone';
import classes from './policies.module.css';
import { PolicyLayout, PolicySection } from './policy-layout';

const UPDATED = '1 November 2026';
/** The return and shipping policies were last changed when they came to be written from the shop's settings. */
const SHOP_POLICIES_UPDATED = '28 November 2026';
const SUPPORT_EMAIL = 'support@cineverse.in';
const GRIEVANCE_EMAIL = 'grievance@cineverse.in';

function SitePhone() {
  const phone = useSiteSettings()?.site_phone;
  if (!phone) return <>Not available</>;
  return <a href={telHref(phone)}>{phone}</a>;
}

/**
 * The ways to pay the checkout offers, from the list it takes them from: the policies never promise another.
 */
function PaymentModes() {
  const labels = paymentMethods.map((method) => paymentMethodLabels[method]);
  const cashOnDelivery = (paymentMethods as readonly string[]).includes('cod');
  return (
    <p>
      {labels.length === 1
        ? `${labels[0]} is the only way to pay today.`
        : `You can pay by ${labels.slice(0, -1).join(', ')} or ${labels.at(-1)!.toLowerCase()}.`}
      {cashOnDelivery
        ? ' With cash on delivery you pay the courier in cash when the parcel arrives, the total shown at checkout in whole rupees.'
        : ''}
    </p>
  );
}

const days = ({ min, max }: { min: number; max: number }) => `${min}–${max}`;

function Mail({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}

export function PrivacyPolicyPage() {
  return (
    <PolicyLayout title="Privacy Policy" updated={UPDATED}>
      <p>
        This policy explains how CineVerse collects, uses, shares and protects your personal data when you use our
        website, app and merchandise store. We process personal data under the Digital Personal Data Protection Act,
        2023 and the Information Technology Act, 2000 and its rules.
      </p>
      <PolicySection title="Information we collect">
        <ul>
          <li>Account details: your name, email address, mobile number and password (stored only as a hash).</li>
          <li>Profile details you choose to share: photos, showreels, skills, languages, city and credits.</li>
          <li>Order details: delivery address, items bought and payment status (we never store card numbers).</li>
          <li>Messages you send us through the contact form.</li>
          <li>Technical data: IP address, device and browser type, and pages visited, to keep the service secure.</li>
        </ul>
      </PolicySection>
      <PolicySection title="How we use your information">
        <ul>
          <li>To run your account, show your profile and connect you with casting directors, producers and studios.</li>
          <li>To process, deliver and support your merchandise orders, refunds and returns.</li>
          <li>To answer your messages and send service updates about auditions, courses and orders.</li>
          <li>To prevent fraud and abuse, and to meet our legal obligations.</li>
        </ul>
      </PolicySection>
      <PolicySection title="Sharing your information">
        <p>
          We do not sell your personal data. We share it only with courier partners (to deliver orders), payment
          gateways (to take payments), hosting providers bound by contract to protect it, and authorities when the law
          requires. Your public profile is visible to other members as you choose.
        </p>
      </PolicySection>
      <PolicySection title="Security">
        <p>
          Data travels over encrypted connections, passwords are stored with a slow one-way hash, and access to personal
          data is limited to staff who need it. No system is perfectly secure; we will tell you and the Data Protection
          Board of India about a breach as the law requires.
        </p>
      </PolicySection>
      <PolicySection title="Retention and deletion">
        <p>
          We keep your account data while your account is open. Order and invoice records are kept for 8 years as tax
          law requires. You may ask us to delete your account at any time; we delete or anonymise your data within 30
          days, except what we must keep by law.
        </p>
      </PolicySection>
      <PolicySection title="Your rights">
        <p>
          You may ask for a summary of the personal data we hold about you, correct or update it, have it erased,
          withdraw your consent, and nominate a person to exercise these rights for you. Write to{' '}
          <Mail address={SUPPORT_EMAIL} />.
        </p>
      </PolicySection>
      <PolicySection title="Consent">
        <p>
          By creating an account or placing an order you consent to the processing described here. You can withdraw
          consent at any time; doing so does not affect processing that took place before.
        </p>
      </PolicySection>
      <PolicySection title="Changes to this policy">
        <p>
          We may update this policy. The date at the top shows the latest version; we tell registered members by email
          about significant changes before they take effect.
        </p>
      </PolicySection>
      <PolicySection title="Grievance officer">
        <div className={classes.officer}>
          <p>
            <strong>Grievance Officer, CineVerse</strong>
          </p>
          <p>
            Email: <Mail address={GRIEVANCE_EMAIL} />
          </p>
          <p>
            Phone: <SitePhone />
          </p>
          <p>Hours: Mon–Fri 9:00–18:00</p>
          <p>We acknowledge every grievance within 48 hours and resolve it within 30 days.</p>
        </div>
      </PolicySection>
    </PolicyLayout>
  );
}

export function TermsPage() {
  return (
    <PolicyLayout title="Terms & Conditions" updated={UPDATED}>
      <p>
        These terms govern your use of CineVerse, its directory, content and merchandise store. By using the site you
        accept them.
      </p>
      <PolicySection title="Terms of use">
        <ul>
          <li>You must be 18 or older to hold an account; minors may be listed only by a parent or guardian.</li>
          <li>The details in your profile must be true. We may verify them and remove profiles that are not.</li>
          <li>You keep the rights to what you upload and allow us to show it on CineVerse to promote your profile.</li>
          <li>
            Do not post casting calls that ask for money, harass other members, or copy content you do not own. We may
            suspend accounts that do.
          </li>
          <li>Prices of merchandise are in Indian rupees and include GST unless stated otherwise.</li>
          <li>
            CineVerse connects members but is not party to agreements between them; check every offer of work yourself.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Privacy">
        <p>
          We handle your personal data as our{' '}
          <Anchor component={Link} to="/privacy-policy">
            Privacy Policy
          </Anchor>{' '}
          describes: only for running the service and your orders, never sold, and deleted on request within 30 days
          except where the law requires us to keep it.
        </p>
      </PolicySection>
      <PolicySection title="Refunds">
        <p>
          Orders may be cancelled within 30 days; defective, damaged or incorrect items reported within 30 days of
          delivery are replaced or refunded to the original payment mode within 30 days. The{' '}
          <Anchor component={Link} to="/refund-cancellation">
            Return Policy
          </Anchor>{' '}
          has the details.
        </p>
      </PolicySection>
      <PolicySection title="Governing law">
        <p>
          These terms are governed by the laws of India. Any dispute is subject to the exclusive jurisdiction of the
          courts in Mumbai, Maharashtra.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}

export function RefundPolicyPage() {
  return (
    <PolicyLayout title="Return Policy" updated={SHOP_POLICIES_UPDATED}>
      <PolicySection title="Payment">
        <PaymentModes />
      </PolicySection>
      <PolicySection title="Cancellation">
        <ul>
          <li>
            You can cancel an order yourself from My orders until it is shipped, within {CANCEL_WINDOW_DAYS} days of
            placing it.
          </li>
          <li>Orders with perishable items cannot be cancelled.</li>
          <li>An order already dispatched is cancelled by refusing the delivery or returning it as below.</li>
        </ul>
      </PolicySection>
      <PolicySection title="Defective, damaged or incorrect items">
        <p>
          If an item arrives defective or damaged, is not the item you ordered, or is not as shown on the site, report
          it from your order page within {REPORT_PROBLEM_DAYS} days of delivery, with photos of the item and its
          packaging. We arrange a pick-up and send a replacement or refund you.
        </p>
      </PolicySection>
      <PolicySection title="Refunds">
        <p>
          Once a refund is approved it is paid within 30 days. As orders are paid in cash on delivery, we pay the refund
          by UPI or bank transfer to an account you give us, and your order page and an email show the amount and the
          payment’s reference. Your bank may take a few more days to show it.
        </p>
      </PolicySection>
      <PolicySection title="Contact">
        <p>
          Write to <Mail address={SUPPORT_EMAIL} /> or call <SitePhone />, Mon–Fri 9 AM–6 PM.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}

export function ShippingPolicyPage() {
  return (
    <PolicyLayout title="Shipping Policy" updated={SHOP_POLICIES_UPDATED}>
      <PolicySection title="Where we deliver">
        <p>We deliver across India, to every PIN code our courier partners serve.</p>
      </PolicySection>
      <PolicySection title="Processing and delivery times">
        <ul>
          <li>
            Orders are processed in {days(PROCESSING_BUSINESS_DAYS)} business days (Monday to Friday, national holidays
            aside).
          </li>
          <li>
            Delivery takes {days(TRANSIT_WORKING_DAYS)} working days after dispatch, depending on your location. Your
            order page shows the days it is expected.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Shipping charges">
        <p>
          Orders of {formatInr(FREE_SHIPPING_FROM)} or more ship free (counted after any coupon); smaller orders pay a
          flat {formatInr(SHIPPING_FEE)}. The cart and the checkout show the charge before you place the order.
        </p>
      </PolicySection>
      <PolicySection title="Payment">
        <PaymentModes />
      </PolicySection>
      <PolicySection title="Tracking">
        <p>
          Once your order is dispatched we send you the courier’s name, the tracking ID and, where the courier has one,
          a tracking link by email. Your order page and your notifications on CineVerse show them too.
        </p>
      </PolicySection>
      <PolicySection title="Failed delivery">
        <p>
          If a delivery fails (wrong address, nobody available, refused), the product is returned to us. Re-shipping it
          may cost extra.
        </p>
      </PolicySection>
      <PolicySection title="Contact">
        <p>
          Questions about a shipment: <Mail address={SUPPORT_EMAIL} /> or <SitePhone />, Mon–Fri 9 AM–6 PM.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}

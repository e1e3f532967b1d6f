import { SimpleGrid, Text } from '@mantine/core';
import { categoryName } from '@/lib/category-label';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { useSiteSettings } from '@/lib/site-settings-context';
import { useHomeData } from '@/features/site-settings/hooks/use-home-data';
import { useInView } from '@/hooks/use-in-view';
import { telHref, whatsappHref } from '@/lib/phone';
import { safeHref } from '@/lib/safe-url';
import { footer_categories } from '@/paraglide/messages/footer_categories.js';
import { footer_contact } from '@/paraglide/messages/footer_contact.js';
import { footer_follow_us } from '@/paraglide/messages/footer_follow_us.js';
import { footer_important_links } from '@/paraglide/messages/footer_important_links.js';
import { footer_language } from '@/paraglide/messages/footer_language.js';
import { footer_phone } from '@/paraglide/messages/footer_phone.js';
import { footer_privacy } from '@/paraglide/messages/footer_privacy.js';
import { footer_returns } from '@/paraglide/messages/footer_returns.js';
import { footer_rights } from '@/paraglide/messages/footer_rights.js';
import { footer_shipping } from '@/paraglide/messages/footer_shipping.js';
import { footer_social_links } from '@/paraglide/messages/footer_social_links.js';
import { footer_terms } from '@/paraglide/messages/footer_terms.js';
import { footer_whatsapp } from '@/paraglide/messages/footer_whatsapp.js';
import { grv_footer } from '@/paraglide/messages/grv_footer.js';
import { nav_about } from '@/paraglide/messages/nav_about.js';
import { nav_contact } from '@/paraglide/messages/nav_contact.js';
import { InstallButton } from './install-button';
import { LanguageSwitch } from './language-switch';
import classes from './site-layout.module.css';
import { SocialIcon, type SocialNetwork } from './social-icons';

export const importantLinks = [
  { to: '/about', label: nav_about },
  { to: '/contact', label: nav_contact },
  { to: '/privacy-policy', label: footer_privacy },
  { to: '/terms-and-conditions', label: footer_terms },
  { to: '/refund-cancellation', label: footer_returns },
  { to: '/shipping-policy', label: footer_shipping },
  { to: '/grievance-officer', label: grv_footer },
] as const;

const socialNetworks: { key: SocialNetwork; label: string }[] = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'youtube', label: 'YouTube' },
  { key: 'linkedin', label: 'LinkedIn' },
];

/** The word mark's letters rise in turn each time the footer scrolls into view. */
function WordMark({ text }: { text: string }) {
  const [ref, inView] = useInView<HTMLParagraphElement>(0.3);
  return (
    <p ref={ref} className={classes.wordMark} data-visible={inView} aria-hidden="true">
      {Array.from(text).map((letter, index) => (
        <span key={index} style={{ '--letter': index } as CSSProperties}>
          {letter === ' ' ? '\u00a0' : letter}
        </span>
      ))}
    </p>
  );
}

export function SiteFooter() {
  const settings = useSiteSettings();
  const categoryNames = Object.keys(useHomeData()?.categoryList ?? {});
  const siteName = settings?.site_name || 'CineVerse';
  const socials = socialNetworks.flatMap((network) => {
    const href = safeHref(settings?.[network.key]);
    return href ? [{ ...network, href }] : [];
  });

  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <WordMark text={siteName} />
        <InstallButton />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <div>
            <h2 className={classes.footerHeading}>{siteName}</h2>
            {settings?.site_description ? <Text size="sm">{settings.site_description}</Text> : null}
            <ul className={classes.footerList} aria-label={footer_contact()}>
              {settings?.site_phone ? (
                <li>
                  <a href={telHref(settings.site_phone)}>{footer_phone({ phone: settings.site_phone })}</a>
                </li>
              ) : null}
              {settings?.site_whatsapp ? (
                <li>
                  <a href={whatsappHref(settings.site_whatsapp)} target="_blank" rel="noopener noreferrer">
                    {footer_whatsapp({ number: settings.site_whatsapp })}
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
          <div>
            <h2 className={classes.footerHeading}>{footer_categories()}</h2>
            <ul className={classes.footerList}>
              {categoryNames.map((name) => (
                <li key={name}>
                  <Link to="/category/$categoryName" params={{ categoryName: name }}>
                    {categoryName(name)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className={classes.footerHeading}>{footer_important_links()}</h2>
            <ul className={classes.footerList}>
              {importantLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label()}</Link>
                </li>
              ))}
            </ul>
          </div>
          {socials.length > 0 ? (
            <div>
              <h2 className={classes.footerHeading}>{footer_follow_us()}</h2>
              <ul className={classes.footerList} aria-label={footer_social_links()}>
                {socials.map((network) => (
                  <li key={network.key}>
                    <a href={network.href} target="_blank" rel="noopener noreferrer">
                      <SocialIcon network={network.key} />
                      {network.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </SimpleGrid>
        <div className={classes.footerBottom}>
          <p className={classes.footerLanguage}>
            {footer_language()}: <LanguageSwitch />
          </p>
          {footer_rights({ year: new Date().getFullYear(), siteName })}
        </div>
      </div>
    </footer>
  );
}

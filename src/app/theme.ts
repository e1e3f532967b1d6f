import {
  Anchor,
  createTheme,
  defaultVariantColorsResolver,
  Notification,
  PasswordInput,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';
import { hiwords_close_notification } from '@/paraglide/messages/hiwords_close_notification.js';
import { hiwords_toggle_password } from '@/paraglide/messages/hiwords_toggle_password.js';

/** Marigold / saffron accent of the "screening room" look. */
const saffron: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  // 8 and 9 are dark enough for text and for white on a filled button on light backgrounds (WCAG AA, 4.5:1).
  '#a06600',
  '#8a5700',
];

/**
 * Text on a filled saffron surface: white on light mode's dark saffron (shade 8), black on dark mode's light one
 * (shade 5; white there was 1.82:1). Mantine's own resolver decides once, from the light shade, for both schemes.
 */
const primaryTextPerScheme: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled' || (input.color ?? input.theme.primaryColor) !== input.theme.primaryColor)
    return colors;
  return { ...colors, color: 'var(--mantine-primary-color-contrast)' };
};

export const theme = createTheme({
  primaryColor: 'saffron',
  primaryShade: { light: 8, dark: 5 },
  // Mantine picks the text on the primary colour per scheme (--mantine-primary-color-contrast) only with autoContrast.
  autoContrast: true,
  variantColorResolver: primaryTextPerScheme,
  colors: { saffron },
  // Devanagari's letters are drawn by Noto Sans Devanagari (src/app/fonts.css): Inter and Bebas Neue have none.
  fontFamily: 'Inter, "Noto Sans Devanagari", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: '"Bebas Neue", Inter, "Noto Sans Devanagari", system-ui, sans-serif', fontWeight: '400' },
  defaultRadius: 'md',
  components: {
    // A link in a sentence is told from its text by its underline, not by a colour too close to it in dark mode.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Notifications' close button has no text: give it a name screen readers can say. The names are getters, read
    // when a page is rendered, in its language (the theme is shared by renders in both languages on the server).
    Notification: Notification.extend({
      defaultProps: {
        closeButtonProps: {
          get 'aria-label'() {
            return hiwords_close_notification();
          },
        },
      },
    }),
    // Mantine names the password's show/hide button in English of its own.
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        visibilityToggleButtonProps: {
          get 'aria-label'() {
            return hiwords_toggle_password();
          },
        },
      },
    }),
  },
  other: {
    /** Page content never grows wider than this (spec: 1320 px). */
    contentMaxWidth: 1320,
  },
});

/** Mantine's default dimmed grey is 3.3:1 on white; a shade darker keeps secondary text readable (WCAG AA). */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': theme.colors.gray[7] },
  dark: { '--mantine-color-dimmed': theme.colors.dark[1] },
});

import type { VariantKind } from '@/contract/variants';
import { variants_line_colour } from '@/paraglide/messages/variants_line_colour.js';
import { variants_line_size } from '@/paraglide/messages/variants_line_size.js';

/** A size or colour as a cart or order line names it, in the page's language: `Size M`, `Colour Black`. */
export function variantWords(kind: VariantKind | null | undefined, label: string | null | undefined): string | null {
  if (!label) return null;
  return kind === 'colour' ? variants_line_colour({ label }) : variants_line_size({ label });
}

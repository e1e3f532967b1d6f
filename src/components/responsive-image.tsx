import type { ComponentPropsWithoutRef } from 'react';
import { srcSetOfUrl } from '@/lib/image-url';

export type ResponsiveImageProps = Omit<ComponentPropsWithoutRef<'img'>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  /** How wide the image shows (a CSS length or a media list, as `sizes` takes): a 72 px thumbnail says `72px`. */
  sizes: string;
};

/**
 * An image that takes the smallest stored width its box needs: an uploaded image comes with every width the server
 * keeps (`srcset`), so that a 72 px thumbnail on a phone downloads the 400 px file (about 20 KB), not the 1600 px
 * one (about 280 KB). Any other image (a seeded drawing) has one file and shows as it is.
 */
export function ResponsiveImage({ src, sizes, ...props }: ResponsiveImageProps) {
  const srcSet = srcSetOfUrl(src);
  return <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} {...props} />;
}

import type { ReactNode } from 'react';
import { SmartLink } from '@/components/smart-link';
import type { SectionItem } from '@/contract/site';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import classes from './home.module.css';

/** A card image: sized for no layout shift, lazy since every card sits below the banner. */
/** A card's picture; an uploaded one comes with its widths (`srcSet`), of which a phone takes a small one. */
/** Cards take the full width of a phone and at most about 400 px beside others. */
const CARD_IMAGE_SIZES = '(max-width: 36em) 100vw, 400px';

export function CardImage({
  src,
  srcSet,
  alt,
  className,
}: {
  src: string;
  srcSet?: string;
  alt: string;
  className?: string;
}) {
  if (!src) return null;
  return (
    <img
      className={className ?? classes.cardImage}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? CARD_IMAGE_SIZES : undefined}
      alt={alt}
      width={640}
      height={400}
      loading="lazy"
      decoding="async"
    />
  );
}

export function CardText({ title, description, extra }: { title: ReactNode; description: string; extra?: ReactNode }) {
  return (
    <div className={classes.cardBody}>
      <h3 className={classes.cardTitle}>{title}</h3>
      {description ? <p className={classes.cardText}>{description}</p> : null}
      {extra}
    </div>
  );
}

/** A news, fashion, course, audition or award card; the whole card is the link when the item has a safe one. */
export function ContentCard({ item }: { item: SectionItem }) {
  return (
    <SmartLink href={item.link} className={classes.card}>
      <CardImage src={imageUrl(item.image, 'section')} srcSet={imageSrcSet(item.image, 'section')} alt={item.title} />
      <CardText title={item.title} description={item.description} />
    </SmartLink>
  );
}

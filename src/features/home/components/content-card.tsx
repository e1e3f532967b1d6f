import type { ReactNode } from 'react';
import { SmartLink } from '@/components/smart-link';
import type { SectionItem } from '@/contract/site';
import { imageUrl } from '@/lib/image-url';
import classes from './home.module.css';

/** A card image: sized for no layout shift, lazy since every card sits below the banner. */
export function CardImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  if (!src) return null;
  return (
    <img
      className={className ?? classes.cardImage}
      src={src}
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
      <CardImage src={imageUrl(item.image, 'section')} alt={item.title} />
      <CardText title={item.title} description={item.description} />
    </SmartLink>
  );
}

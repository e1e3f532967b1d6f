import { Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Product } from '@/contract/catalog';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import classes from './catalog.module.css';
import { PriceTag, StockState } from './price-tag';

/** A product in the grid: the whole card leads to the product page; `actions` sit below, outside the link. */
export function ProductCard({ product, actions, eager }: { product: Product; actions?: ReactNode; eager?: boolean }) {
  return (
    <article className={classes.card}>
      <Link to="/shop/$productId" params={{ productId: product.id }} className={classes.cardLink}>
        <img
          className={classes.cardImage}
          src={imageUrl(product.images[0] ?? '', 'product')}
          srcSet={imageSrcSet(product.images[0] ?? '', 'product')}
          sizes="(max-width: 36em) 50vw, 300px"
          alt={product.name}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <div className={classes.cardBody}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {product.category}
          </Text>
          <h2 className={classes.cardName}>{product.name}</h2>
          <PriceTag price={product.price} mrp={product.mrp} />
          <StockState stock={product.stock} />
        </div>
      </Link>
      {actions}
    </article>
  );
}

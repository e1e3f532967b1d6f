import { ActionIcon, Anchor, Breadcrumbs, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import type { Product } from '@/contract/catalog';
import { imageUrl } from '@/lib/image-url';
import { productQueryOptions, ProductNotFoundError } from '../api/get-product';
import classes from './catalog.module.css';
import { PriceTag, StockState } from './price-tag';

/** The product's images: one large, arrows and thumbnails to change it. */
function Gallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const images = product.images.length > 0 ? product.images : [''];
  const count = images.length;
  const show = (next: number) => setIndex((next + count) % count);
  return (
    <section className={classes.gallery} aria-roledescription="carousel" aria-label={`Images of ${product.name}`}>
      <div style={{ position: 'relative' }}>
        <img
          className={classes.galleryImage}
          src={imageUrl(images[index] ?? '', 'product')}
          alt={`${product.name}, image ${index + 1} of ${count}`}
          width={800}
          height={800}
        />
        {count > 1 ? (
          <>
            <ActionIcon
              variant="white"
              radius="xl"
              size="lg"
              className={`${classes.galleryNav} ${classes.galleryPrev}`}
              aria-label="Previous image"
              onClick={() => show(index - 1)}
            >
              ‹
            </ActionIcon>
            <ActionIcon
              variant="white"
              radius="xl"
              size="lg"
              className={`${classes.galleryNav} ${classes.galleryNext}`}
              aria-label="Next image"
              onClick={() => show(index + 1)}
            >
              ›
            </ActionIcon>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className={classes.thumbs}>
          {images.map((image, thumbIndex) => (
            <button
              key={image}
              type="button"
              className={classes.thumb}
              aria-current={thumbIndex === index}
              aria-label={`Show image ${thumbIndex + 1}`}
              onClick={() => setIndex(thumbIndex)}
            >
              <img src={imageUrl(image, 'product')} alt="" width={72} height={72} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

export interface ProductPageProps {
  productId: number;
  /** Quantity, add to cart and wishlist, composed by the route from the cart and wishlist features. */
  renderActions: (product: Product) => ReactNode;
}

export function ProductPage({ productId, renderActions }: ProductPageProps) {
  const query = useQuery(productQueryOptions(productId));

  if (query.error instanceof ProductNotFoundError) {
    return (
      <PageContainer>
        <DocumentTitle page="Product not found" />
        <Title order={1}>Product not found</Title>
        <Text mt="sm" mb="lg">
          This product does not exist or is no longer sold.
        </Text>
        <Button component={Link} to="/shop">
          Back to the store
        </Button>
      </PageContainer>
    );
  }
  if (query.isPending) {
    return (
      <PageContainer>
        <LoadingState label="Loading product" />
      </PageContainer>
    );
  }
  // What was seen stays on screen when a later refresh fails (offline, say).
  const product = query.data;
  if (!product) {
    return (
      <PageContainer>
        <LoadError
          title="The product could not be loaded"
          what="product"
          error={query.error}
          onRetry={() => void query.refetch()}
          back={
            <Button component={Link} to="/shop" variant="subtle" size="xs">
              Back to the store
            </Button>
          }
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <Breadcrumbs mb="md" aria-label="Breadcrumb">
        <Anchor component={Link} to="/shop">
          Store
        </Anchor>
        <Anchor renderRoot={(props) => <Link {...props} to="/shop" search={{ category: product.category }} />}>
          {product.category}
        </Anchor>
        <Text component="span" aria-current="page">
          {product.name}
        </Text>
      </Breadcrumbs>
      <div className={classes.detail}>
        <Gallery product={product} />
        <Stack gap="sm">
          <DocumentTitle page={product.name} />
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {product.name}
          </Title>
          <PriceTag price={product.price} mrp={product.mrp} size="lg" />
          <Text fz="xs" c="dimmed">
            Inclusive of all taxes
          </Text>
          <StockState stock={product.stock} />
          {product.perishable ? (
            <Text fz="sm" c="dimmed">
              Perishable: orders with this item cannot be cancelled.
            </Text>
          ) : null}
          {renderActions(product)}
          <Text mt="md">{product.description}</Text>
        </Stack>
      </div>
    </PageContainer>
  );
}

import { pageAddress } from '@/lib/page-address';
import { Anchor, Breadcrumbs, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { Carousel } from '@/components/carousel/carousel';
import { type CarouselDurations, DEFAULT_AUTOPLAY_MS } from '@/components/carousel/carousel-props';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { PinCheck } from '@/components/pin-check';
import { LoadError, LoadingState } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import { ShareButton } from '@/components/share-button';
import type { Product, ProductDetail } from '@/contract/catalog';
import { unitPrice, type ProductVariant } from '@/contract/variants';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { productQueryOptions, ProductNotFoundError } from '../api/get-product';
import classes from './catalog.module.css';
import { PriceTag, StockState } from './price-tag';
import { VariantPicker } from './variant-picker';
import { product_back_to_store } from '@/paraglide/messages/product_back_to_store.js';
import { product_breadcrumb } from '@/paraglide/messages/product_breadcrumb.js';
import { product_image_alt } from '@/paraglide/messages/product_image_alt.js';
import { product_images } from '@/paraglide/messages/product_images.js';
import { product_load_failed } from '@/paraglide/messages/product_load_failed.js';
import { product_loading } from '@/paraglide/messages/product_loading.js';
import { product_meta_description } from '@/paraglide/messages/product_meta_description.js';
import { product_not_found } from '@/paraglide/messages/product_not_found.js';
import { product_not_found_text } from '@/paraglide/messages/product_not_found_text.js';
import { product_perishable } from '@/paraglide/messages/product_perishable.js';
import { product_share_text } from '@/paraglide/messages/product_share_text.js';
import { product_show_image } from '@/paraglide/messages/product_show_image.js';
import { product_store } from '@/paraglide/messages/product_store.js';
import { product_taxes } from '@/paraglide/messages/product_taxes.js';

/**
 * What a shared link's card shows (Open Graph, with the price) and the product search engines read (schema.org
 * Product with its offer: price in rupees, INR, in stock or not). Addresses are site paths; the server writes them
 * whole (`PUBLIC_URL`) into the page it renders.
 */
function ProductMeta({ product }: { product: Product }) {
  const path = pageAddress(`/shop/${product.id}`);
  const description = product.description.slice(0, 200) || product_meta_description({ name: product.name });
  const image = product.images[0] ? imageUrl(product.images[0], 'product') : null;
  const rupees = (product.price / 100).toFixed(2);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.slug,
    category: product.category,
    ...(image ? { image } : {}),
    url: path,
    offers: {
      '@type': 'Offer',
      url: path,
      price: rupees,
      priceCurrency: 'INR',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  return (
    <>
      <meta name="description" content={description} />
      <meta property="og:type" content="product" />
      <meta property="og:url" content={path} />
      <meta property="og:title" content={product.name} />
      <meta property="og:description" content={description} />
      {image ? <meta property="og:image" content={image} /> : null}
      <meta property="product:price:amount" content={rupees} />
      <meta property="product:price:currency" content="INR" />
      <meta name="twitter:card" content="summary_large_image" />
      <script
        type="application/ld+json"
        // `<` escaped: the JSON cannot close the element it is written in.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structured).replace(/</g, '\\u003c') }}
      />
    </>
  );
}

/** A product's images change in about 500 ms, as the home page's cards do (Embla's durations; see the README). */
const GALLERY_EMBLA_DURATION: CarouselDurations = { phone: 15, tablet: 14, desktop: 10 };

/**
 * The product's images: a carousel (arrows, autoplay at the default pace) with thumbnails below. Once the shopper picks
 * an image it stays: autoplay stops for good.
 */
function Gallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const [picked, setPicked] = useState(false);
  const images = product.images.length > 0 ? product.images : [''];
  const count = images.length;
  return (
    <div className={classes.gallery}>
      <Carousel
        label={product_images({ name: product.name })}
        items={images}
        getKey={(image) => image}
        layout="single"
        duration={GALLERY_EMBLA_DURATION}
        autoplayMs={count > 1 && !picked ? DEFAULT_AUTOPLAY_MS : null}
        withControls={count > 1}
        selected={index}
        onSelectedChange={setIndex}
        renderItem={(image, imageIndex) => (
          <img
            className={classes.galleryImage}
            src={imageUrl(image, 'product')}
            srcSet={imageSrcSet(image, 'product')}
            sizes="(max-width: 48em) 100vw, 600px"
            alt={product_image_alt({ name: product.name, index: imageIndex + 1, count })}
            width={800}
            height={800}
            loading={imageIndex === 0 ? 'eager' : 'lazy'}
          />
        )}
      />
      {count > 1 ? (
        <div className={classes.thumbs}>
          {images.map((image, thumbIndex) => (
            <button
              key={image}
              type="button"
              className={classes.thumb}
              aria-current={thumbIndex === index}
              aria-label={product_show_image({ index: thumbIndex + 1 })}
              onClick={() => {
                setPicked(true);
                setIndex(thumbIndex);
              }}
            >
              <ResponsiveImage
                src={imageUrl(image, 'product')}
                sizes="72px"
                alt=""
                width={72}
                height={72}
                loading="lazy"
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** What the actions know of the size or colour: the one picked, and how to ask for one when none is. */
export interface VariantChoice {
  /** Whether the product is sold only in sizes or colours. */
  required: boolean;
  picked: ProductVariant | null;
  askToChoose: () => void;
}

export interface ProductPageProps {
  productId: number;
  /** The size or colour to show picked (a restock notice's link names it). */
  variantId?: number | undefined;
  /** Quantity, add to cart and wishlist, composed by the route from the cart and wishlist features. */
  renderActions: (product: ProductDetail, variant: VariantChoice) => ReactNode;
}

export function ProductPage({ productId, variantId, renderActions }: ProductPageProps) {
  const query = useQuery(productQueryOptions(productId));
  const [pickedId, setPickedId] = useState<number | undefined>(variantId);
  const [asked, setAsked] = useState(0);

  if (query.error instanceof ProductNotFoundError) {
    return (
      <PageContainer>
        <DocumentTitle page={product_not_found()} />
        <Title order={1}>{product_not_found()}</Title>
        <Text mt="sm" mb="lg">
          {product_not_found_text()}
        </Text>
        <Button component={Link} to="/shop">
          {product_back_to_store()}
        </Button>
      </PageContainer>
    );
  }
  if (query.isPending) {
    return (
      <PageContainer>
        <LoadingState label={product_loading()} />
      </PageContainer>
    );
  }
  // What was seen stays on screen when a later refresh fails (offline, say).
  const product = query.data;
  if (!product) {
    return (
      <PageContainer>
        <LoadError
          title={product_load_failed()}
          what="product"
          error={query.error}
          onRetry={() => void query.refetch()}
          back={
            <Button component={Link} to="/shop" variant="subtle" size="xs">
              {product_back_to_store()}
            </Button>
          }
        />
      </PageContainer>
    );
  }

  // A copy kept offline from before products had sizes has none.
  const variants = product.variants ?? [];
  const picked = variants.find((variant) => variant.id === pickedId && variant.stock > 0) ?? null;
  const choice: VariantChoice = {
    required: variants.length > 0,
    picked,
    askToChoose: () => setAsked((count) => count + 1),
  };
  return (
    <PageContainer>
      <Breadcrumbs mb="md" aria-label={product_breadcrumb()}>
        <Anchor component={Link} to="/shop">
          {product_store()}
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
          <ProductMeta product={product} />
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {product.name}
          </Title>
          <PriceTag price={unitPrice(product, picked)} mrp={product.mrp} size="lg" />
          <Text fz="xs" c="dimmed">
            {product_taxes()}
          </Text>
          <StockState stock={picked ? picked.stock : product.stock} />
          {variants.length > 0 ? (
            <VariantPicker
              variants={variants}
              apparel={product.category.toLowerCase() === 'apparel'}
              value={picked}
              onChange={(variant) => setPickedId(variant.id)}
              asked={asked}
            />
          ) : null}
          {product.perishable ? (
            <Text fz="sm" c="dimmed">
              {product_perishable()}
            </Text>
          ) : null}
          {renderActions(product, choice)}
          <PinCheck total={product.price} />
          <ShareButton
            path={`/shop/${product.id}`}
            title={product.name}
            text={product_share_text({ name: product.name })}
          />
          <Text mt="md">{product.description}</Text>
        </Stack>
      </div>
    </PageContainer>
  );
}

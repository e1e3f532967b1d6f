import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import type { Product } from '@/contract/catalog';
import { imageUrl } from '@/lib/image-url';
import { keepFocusInList } from '@/lib/keep-focus';
import { formatInr } from '@/lib/money';
import { useDisplayedWishlist, useWishlistActions } from '../api/use-wishlist';
import classes from './wishlist.module.css';

const WISHLIST_HEADING_ID = 'wishlist-heading';

/** `onMoveToCart`: puts a product in the cart (the route composes the cart feature); it then leaves the wishlist. */
export function WishlistPage({ onMoveToCart }: { onMoveToCart: (product: Product) => void }) {
  const query = useDisplayedWishlist();
  const actions = useWishlistActions();
  const items = query.wishlist?.data;

  return (
    <PageContainer>
      <DocumentTitle page="Your wishlist" />
      <Title order={1} mb="md" id={WISHLIST_HEADING_ID} tabIndex={-1}>
        Your wishlist
      </Title>
      {query.isPending ? <LoadingState label="Loading your wishlist" /> : null}
      {query.error && !items ? (
        <LoadError
          title="Your wishlist could not be loaded"
          error={query.error}
          what="wishlist"
          onRetry={query.refetch}
        />
      ) : null}
      {items && items.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text>Nothing saved yet. Tap the heart on a product to keep it here.</Text>
          <Button component={Link} to="/shop">
            Browse the store
          </Button>
        </Stack>
      ) : null}
      {items && items.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="ul" className={classes.list}>
          {items.map((item) => (
            <li key={item.product_id} className={classes.item}>
              <ResponsiveImage
                className={classes.image}
                src={imageUrl(item.product.images[0] ?? '', 'product')}
                sizes="120px"
                alt=""
                width={120}
                height={120}
                loading="lazy"
              />
              <Stack gap={4} style={{ flex: 1 }}>
                <Link to="/shop/$productId" params={{ productId: item.product_id }} className={classes.name}>
                  {item.product.name}
                </Link>
                <Text fw={700}>{formatInr(item.product.price)}</Text>
                <Text fz="sm" c={item.product.stock > 0 ? 'dimmed' : 'var(--cv-danger-text)'}>
                  {item.product.stock > 0 ? 'In stock' : 'Out of stock: we will tell you when it is back'}
                </Text>
                <Group gap="xs" mt="auto">
                  <Button
                    size="compact-md"
                    disabled={item.product.stock <= 0}
                    // Until the profile says whose outbox a press goes to, it would be lost.
                    loading={!actions.ready}
                    data-action="move"
                    onClick={(event) => {
                      keepFocusInList(event.currentTarget, WISHLIST_HEADING_ID);
                      onMoveToCart(item.product);
                      actions.remove(item.product);
                    }}
                    aria-label={`Move ${item.product.name} to cart`}
                  >
                    Move to cart
                  </Button>
                  <Button
                    size="compact-md"
                    variant="subtle"
                    color="red"
                    loading={!actions.ready}
                    data-action="remove"
                    onClick={(event) => {
                      keepFocusInList(event.currentTarget, WISHLIST_HEADING_ID);
                      actions.remove(item.product);
                    }}
                    aria-label={`Remove ${item.product.name} from wishlist`}
                  >
                    Remove
                  </Button>
                </Group>
              </Stack>
            </li>
          ))}
        </SimpleGrid>
      ) : null}
    </PageContainer>
  );
}

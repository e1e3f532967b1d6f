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
import { wishlist_browse } from '@/paraglide/messages/wishlist_browse.js';
import { wishlist_empty } from '@/paraglide/messages/wishlist_empty.js';
import { wishlist_in_stock } from '@/paraglide/messages/wishlist_in_stock.js';
import { wishlist_load_failed } from '@/paraglide/messages/wishlist_load_failed.js';
import { wishlist_loading } from '@/paraglide/messages/wishlist_loading.js';
import { wishlist_move } from '@/paraglide/messages/wishlist_move.js';
import { wishlist_move_label } from '@/paraglide/messages/wishlist_move_label.js';
import { wishlist_out_of_stock } from '@/paraglide/messages/wishlist_out_of_stock.js';
import { wishlist_remove } from '@/paraglide/messages/wishlist_remove.js';
import { wishlist_remove_label } from '@/paraglide/messages/wishlist_remove_label.js';
import { wishlist_title } from '@/paraglide/messages/wishlist_title.js';
import { variants_pick_on_page } from '@/paraglide/messages/variants_pick_on_page.js';

const WISHLIST_HEADING_ID = 'wishlist-heading';

/** `onMoveToCart`: puts a product in the cart (the route composes the cart feature); it then leaves the wishlist. */
export function WishlistPage({ onMoveToCart }: { onMoveToCart: (product: Product) => void }) {
  const query = useDisplayedWishlist();
  const actions = useWishlistActions();
  const items = query.wishlist?.data;

  return (
    <PageContainer>
      <DocumentTitle page={wishlist_title()} />
      <Title order={1} mb="md" id={WISHLIST_HEADING_ID} tabIndex={-1}>
        {wishlist_title()}
      </Title>
      {query.isPending ? <LoadingState label={wishlist_loading()} /> : null}
      {query.error && !items ? (
        <LoadError title={wishlist_load_failed()} error={query.error} what="wishlist" onRetry={query.refetch} />
      ) : null}
      {items && items.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text>{wishlist_empty()}</Text>
          <Button component={Link} to="/shop">
            {wishlist_browse()}
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
                  {item.product.stock > 0 ? wishlist_in_stock() : wishlist_out_of_stock()}
                </Text>
                <Group gap="xs" mt="auto">
                  {item.has_variants ? (
                    // A size is picked on the product's page, where the sold-out ones show.
                    <Button
                      size="compact-md"
                      renderRoot={(props) => (
                        <Link {...props} to="/shop/$productId" params={{ productId: item.product_id }} />
                      )}
                    >
                      {variants_pick_on_page()}
                    </Button>
                  ) : (
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
                      aria-label={wishlist_move_label({ name: item.product.name })}
                    >
                      {wishlist_move()}
                    </Button>
                  )}
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
                    aria-label={wishlist_remove_label({ name: item.product.name })}
                  >
                    {wishlist_remove()}
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

import { Button } from '@mantine/core';
import type { Product } from '@/contract/catalog';
import { useWishlistActions } from '../api/use-wishlist';
import { wishlist_add_label } from '@/paraglide/messages/wishlist_add_label.js';
import { wishlist_button } from '@/paraglide/messages/wishlist_button.js';
import { wishlist_in } from '@/paraglide/messages/wishlist_in.js';
import { wishlist_remove_label } from '@/paraglide/messages/wishlist_remove_label.js';

export interface WishlistButtonProps {
  product: Product;
  signedIn: boolean;
  onNeedLogin: () => void;
  compact?: boolean;
}

/** Adds the product to the wishlist, or takes it off when it is there already; shown at once, synced later. */
export function WishlistButton({ product, signedIn, onNeedLogin, compact }: WishlistButtonProps) {
  const actions = useWishlistActions();
  const wished = signedIn && actions.has(product.id);
  return (
    <Button
      variant={wished ? 'light' : 'default'}
      size={compact ? 'compact-md' : 'md'}
      m={compact ? 'xs' : undefined}
      mt={compact ? 0 : 'sm'}
      aria-pressed={wished}
      // Signed in, but the profile that says whose wishlist this is has not arrived: a click now would be lost.
      loading={signedIn && !actions.ready}
      aria-label={wished ? wishlist_remove_label({ name: product.name }) : wishlist_add_label({ name: product.name })}
      onClick={() => {
        if (!signedIn) return onNeedLogin();
        if (wished) actions.remove(product);
        else actions.add(product);
      }}
    >
      {wished ? wishlist_in() : wishlist_button()}
    </Button>
  );
}

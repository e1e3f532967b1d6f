import { ActionIcon, Indicator } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useDisplayedCart } from '@/features/cart/api/use-cart';
import { useDisplayedWishlist } from '@/features/wishlist/api/use-wishlist';
import { useAppStore } from '@/lib/app-store';
import { lazyPart } from '@/lib/lazy-part';
import { plural } from '@/lib/plural';
import { header_cart_one } from '@/paraglide/messages/header_cart_one.js';
import { header_cart_other } from '@/paraglide/messages/header_cart_other.js';
import { header_wishlist_one } from '@/paraglide/messages/header_wishlist_one.js';
import { header_wishlist_other } from '@/paraglide/messages/header_wishlist_other.js';
import { AccountButton } from './account-button';
import { CartIcon, HeartIcon } from './header-icons';
import classes from './site-layout.module.css';

// Offline before its code has arrived, the button stays, without a menu.
const AccountMenu = lazyPart(() => import('./account-menu').then((module) => module.AccountMenu), AccountButton);
// A preload that cannot load is dropped: the menu's own load decides what shows.
const preloadAccountMenu = () => void import('./account-menu').catch(() => undefined);
// The notification centre loads only for a signed-in member, after the page it starts with; offline before its code
// has arrived, the header goes without it.
const NotificationBell = lazyPart(() =>
  import('@/features/notifications/components/notification-bell').then((module) => module.NotificationBell),
);

/** Count badge that is hidden at zero; the count is also in the link's name for screen readers. */
function CountIndicator({
  count,
  className,
  children,
}: {
  count: number;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Indicator
      className={className}
      label={count > 99 ? '99+' : count}
      size={18}
      disabled={count === 0}
      color="saffron.4"
      offset={6}
      classNames={{ indicator: classes.countBadge }}
    >
      {children}
    </Indicator>
  );
}

/**
 * The account button. Mantine's menu, with its floating positioning and focus trap, is code no first page needs: it
 * loads when the button is pointed at or focused, and opens once loaded if the button was pressed.
 */
function AccountMenuButton() {
  const [pressed, setPressed] = useState(false);
  const button = (
    <AccountButton onPointerEnter={preloadAccountMenu} onFocus={preloadAccountMenu} onClick={() => setPressed(true)} />
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu />
    </Suspense>
  );
}

/** Wishlist and cart with their counts, and the account menu. */
export function HeaderShopActions() {
  const signedIn = useAppStore((state) => state.signedIn);
  // The bell waits for the member's account to load: nothing of it competes with the page's first moments.
  const hasProfile = useAppStore((state) => state.signedIn && state.userProfile !== null);
  const { cart } = useDisplayedCart(signedIn);
  const { wishlist } = useDisplayedWishlist(signedIn);
  const cartCount = signedIn ? (cart?.item_count ?? 0) : 0;
  const wishlistCount = signedIn ? (wishlist?.data.length ?? 0) : 0;

  return (
    <div className={classes.shopActions}>
      {/* On phones the heart and its count go together, into the account menu. */}
      <CountIndicator count={wishlistCount} className={classes.hideOnPhone}>
        <ActionIcon
          component={Link}
          to="/wishlist"
          variant="transparent"
          size={44}
          className={classes.iconLink}
          aria-label={plural(wishlistCount, { one: header_wishlist_one, other: header_wishlist_other })}
        >
          <HeartIcon />
        </ActionIcon>
      </CountIndicator>
      {hasProfile ? (
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
      ) : null}
      <CountIndicator count={cartCount}>
        <ActionIcon
          component={Link}
          to="/cart"
          variant="transparent"
          size={44}
          className={classes.iconLink}
          aria-label={plural(cartCount, { one: header_cart_one, other: header_cart_other })}
        >
          <CartIcon />
        </ActionIcon>
      </CountIndicator>
      <AccountMenuButton />
    </div>
  );
}

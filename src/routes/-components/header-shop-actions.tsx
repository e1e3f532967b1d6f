import { ActionIcon, Indicator, Menu } from '@mantine/core';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useLogout } from '@/features/auth/api/session-calls';
import { useDisplayedCart } from '@/features/cart/api/cart-mutations';
import { useDisplayedWishlist } from '@/features/wishlist/api/wishlist-calls';
import { useAppStore } from '@/lib/app-store';
import classes from './site-layout.module.css';

const iconProps = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

function CartIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.6 12.4a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L22 7H6" />
    </svg>
  );
}

function HeartIcon() {
  return (
    <svg {...iconProps}>
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  );
}

function UserIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

/** Count badge that is hidden at zero; the count is also in the link's name for screen readers. */
function CountIndicator({ count, children }: { count: number; children: React.ReactNode }) {
  return (
    <Indicator
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

/** Wishlist and cart with their counts, and the account menu. */
export function HeaderShopActions() {
  const signedIn = useAppStore((state) => state.signedIn);
  const user = useAppStore((state) => state.userProfile);
  const { cart } = useDisplayedCart(signedIn);
  const { wishlist } = useDisplayedWishlist(signedIn);
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const cartCount = signedIn ? (cart?.item_count ?? 0) : 0;
  const wishlistCount = signedIn ? (wishlist?.data.length ?? 0) : 0;
  const loginSearch = {
    redirect: location.pathname === '/login' || location.pathname === '/register' ? undefined : location.href,
  };

  return (
    <div className={classes.shopActions}>
      <CountIndicator count={wishlistCount}>
        <ActionIcon
          component={Link}
          to="/wishlist"
          variant="transparent"
          size={44}
          className={`${classes.iconLink} ${classes.hideOnPhone}`}
          aria-label={`Wishlist, ${wishlistCount} ${wishlistCount === 1 ? 'item' : 'items'}`}
        >
          <HeartIcon />
        </ActionIcon>
      </CountIndicator>
      <CountIndicator count={cartCount}>
        <ActionIcon
          component={Link}
          to="/cart"
          variant="transparent"
          size={44}
          className={classes.iconLink}
          aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
        >
          <CartIcon />
        </ActionIcon>
      </CountIndicator>
      <Menu position="bottom-end" width={220} withinPortal>
        <Menu.Target>
          <ActionIcon variant="transparent" size={44} className={classes.iconLink} aria-label="Account menu">
            <UserIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {signedIn ? (
            <>
              <Menu.Label>{user ? `Hello, ${user.name.split(' ')[0]}` : 'Your account'}</Menu.Label>
              <Menu.Item component={Link} to="/profile">
                Profile
              </Menu.Item>
              <Menu.Item component={Link} to="/orders">
                Orders
              </Menu.Item>
              <Menu.Item component={Link} to="/wishlist">
                Wishlist
              </Menu.Item>
              <Menu.Item component={Link} to="/coupons">
                Coupons
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })}>
                Log out
              </Menu.Item>
            </>
          ) : (
            <>
              <Menu.Item renderRoot={(props) => <Link {...props} to="/login" search={loginSearch} />}>Log in</Menu.Item>
              <Menu.Item renderRoot={(props) => <Link {...props} to="/register" search={loginSearch} />}>
                Create account
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}

import { Menu } from '@mantine/core';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useLogout } from '@/features/auth/api/logout';
import { useDisplayedWishlist } from '@/features/wishlist/api/use-wishlist';
import { isStaff } from '@/contract/roles';
import { useAppStore } from '@/lib/app-store';
import { getRole } from '@/lib/session';
import { account_account } from '@/paraglide/messages/account_account.js';
import { account_back_office } from '@/paraglide/messages/account_back_office.js';
import { account_coupons } from '@/paraglide/messages/account_coupons.js';
import { account_create } from '@/paraglide/messages/account_create.js';
import { account_hello } from '@/paraglide/messages/account_hello.js';
import { account_log_in } from '@/paraglide/messages/account_log_in.js';
import { account_log_out } from '@/paraglide/messages/account_log_out.js';
import { account_messages } from '@/paraglide/messages/account_messages.js';
import { account_my_applications } from '@/paraglide/messages/account_my_applications.js';
import { account_my_calls } from '@/paraglide/messages/account_my_calls.js';
import { account_my_profile } from '@/paraglide/messages/account_my_profile.js';
import { account_orders } from '@/paraglide/messages/account_orders.js';
import { account_wishlist } from '@/paraglide/messages/account_wishlist.js';
import { account_wishlist_count } from '@/paraglide/messages/account_wishlist_count.js';
import { account_yours } from '@/paraglide/messages/account_yours.js';
import { AccountButton } from './account-button';

/**
 * The account menu. It loads when the account button is first pressed, in place of that button, so it opens right
 * after its first render, from its own button focused: closing it gives focus back there.
 */
export function AccountMenu() {
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    button.current?.focus();
    // Opened as an update, not from the start: Mantine notes the element to give focus back to when it opens.
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(() => {
    if (!opened) return;
    // Mantine closes the menu on Escape from inside it, and moves focus in only a moment after it shows: an Escape
    // pressed meanwhile, on the button, closes it too.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && document.activeElement === button.current) setOpened(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [opened]);
  const signedIn = useAppStore((state) => state.signedIn);
  const user = useAppStore((state) => state.userProfile);
  const { wishlist } = useDisplayedWishlist(signedIn);
  const wishlistCount = wishlist?.data.length ?? 0;
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const loginSearch = {
    redirect: location.pathname === '/login' || location.pathname === '/register' ? undefined : location.href,
  };

  return (
    <Menu position="bottom-end" width={220} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <AccountButton ref={button} />
      </Menu.Target>
      <Menu.Dropdown>
        {signedIn ? (
          <>
            <Menu.Label>{user ? account_hello({ name: user.name.split(' ')[0] ?? '' }) : account_yours()}</Menu.Label>
            <Menu.Item component={Link} to="/my-profile">
              {account_my_profile()}
            </Menu.Item>
            <Menu.Item component={Link} to="/messages">
              {account_messages()}
            </Menu.Item>
            <Menu.Item component={Link} to="/me/applications">
              {account_my_applications()}
            </Menu.Item>
            <Menu.Item component={Link} to="/me/casting-calls">
              {account_my_calls()}
            </Menu.Item>
            <Menu.Item component={Link} to="/profile">
              {account_account()}
            </Menu.Item>
            <Menu.Item component={Link} to="/orders">
              {account_orders()}
            </Menu.Item>
            <Menu.Item component={Link} to="/wishlist">
              {wishlistCount > 0 ? account_wishlist_count({ count: wishlistCount }) : account_wishlist()}
            </Menu.Item>
            {isStaff(user?.role ?? getRole()) ? (
              <Menu.Item component={Link} to="/admin">
                {account_back_office()}
              </Menu.Item>
            ) : null}
            <Menu.Item component={Link} to="/coupons">
              {account_coupons()}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })}>
              {account_log_out()}
            </Menu.Item>
          </>
        ) : (
          <>
            <Menu.Item renderRoot={(props) => <Link {...props} to="/login" search={loginSearch} />}>
              {account_log_in()}
            </Menu.Item>
            <Menu.Item renderRoot={(props) => <Link {...props} to="/register" search={loginSearch} />}>
              {account_create()}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

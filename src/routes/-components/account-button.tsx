import { ActionIcon } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { header_account_menu } from '@/paraglide/messages/header_account_menu.js';
import { UserIcon } from './header-icons';
import classes from './site-layout.module.css';

/** The header's account button: the account menu's target, and its stand-in until the menu has loaded. */
export function AccountButton(props: Omit<ComponentPropsWithRef<'button'>, 'color' | 'children'>) {
  return (
    <ActionIcon
      variant="transparent"
      size={44}
      className={classes.iconLink}
      aria-label={header_account_menu()}
      {...props}
    >
      <UserIcon />
    </ActionIcon>
  );
}

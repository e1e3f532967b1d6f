import { Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatInr } from '@/lib/money';
import { cartCouponsQueryOptions } from '../api/get-coupons';
import classes from './coupons.module.css';
import { coupons_all } from '@/paraglide/messages/coupons_all.js';
import { coupons_applied } from '@/paraglide/messages/coupons_applied.js';
import { coupons_cart_load_failed } from '@/paraglide/messages/coupons_cart_load_failed.js';
import { coupons_checking } from '@/paraglide/messages/coupons_checking.js';
import { coupons_for_cart } from '@/paraglide/messages/coupons_for_cart.js';
import { coupons_none_apply } from '@/paraglide/messages/coupons_none_apply.js';
import { coupons_offline_check } from '@/paraglide/messages/coupons_offline_check.js';
import { coupons_saves } from '@/paraglide/messages/coupons_saves.js';
import { coupons_use } from '@/paraglide/messages/coupons_use.js';
import { coupons_use_label } from '@/paraglide/messages/coupons_use_label.js';

export interface CartCouponsProps {
  /** The subtotal on screen, in paise. */
  subtotal: number;
  /** The cart's edits have reached the server, so its savings are those of the cart on screen. */
  settled: boolean;
  appliedCode: string | undefined;
  onApply: (code: string) => void;
}

/**
 * The coupons that apply to this cart, most saving first, each with the saving the server computed on it, and a link
 * to every coupon the shopper can use. Savings computed on another subtotal are not shown.
 */
export function CartCoupons({ subtotal, settled, appliedCode, onApply }: CartCouponsProps) {
  const query = useQuery({ ...cartCouponsQueryOptions(subtotal), enabled: settled && subtotal > 0 });
  const answer = query.data?.subtotal === subtotal ? query.data : undefined;
  const applying = (answer?.data ?? [])
    .filter((coupon) => coupon.saving !== null && coupon.saving > 0)
    .sort((a, b) => (b.saving ?? 0) - (a.saving ?? 0));
  return (
    <section aria-labelledby="cart-coupons-heading">
      <Text id="cart-coupons-heading" fz="sm" fw={600} mt="md">
        {coupons_for_cart()}
      </Text>
      {answer && applying.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {coupons_none_apply()}
        </Text>
      ) : null}
      {!answer && query.isError ? (
        <Text fz="sm" c="dimmed">
          {coupons_cart_load_failed()}
        </Text>
      ) : null}
      {!answer && !query.isError ? (
        <Text fz="sm" c="dimmed">
          {query.fetchStatus === 'paused' ? coupons_offline_check() : coupons_checking()}
        </Text>
      ) : null}
      {applying.length > 0 ? (
        <ul className={classes.forCart} aria-label={coupons_for_cart()}>
          {applying.map((coupon) => (
            <li key={coupon.code}>
              <Text fz="sm" fw={600}>
                {coupon.code}
              </Text>
              <Text fz="sm">{coupons_saves({ amount: formatInr(coupon.saving ?? 0) })}</Text>
              {coupon.code === appliedCode ? (
                <Text fz="sm" c="var(--cv-success-text)" fw={600}>
                  {coupons_applied()}
                </Text>
              ) : (
                <Button
                  variant="light"
                  size="compact-sm"
                  aria-label={coupons_use_label({ code: coupon.code })}
                  onClick={() => onApply(coupon.code)}
                >
                  {coupons_use()}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Anchor component={Link} to="/coupons" fz="sm" mt={6} display="inline-block">
        {coupons_all()}
      </Anchor>
    </section>
  );
}

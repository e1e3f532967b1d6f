import { Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatInr } from '@/lib/money';
import { cartCouponsQueryOptions } from '../api/get-coupons';
import classes from './coupons.module.css';

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
        Coupons for this cart
      </Text>
      {answer && applying.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No coupon applies to this cart yet.
        </Text>
      ) : null}
      {!answer && query.isError ? (
        <Text fz="sm" c="dimmed">
          The coupons for this cart could not be loaded.
        </Text>
      ) : null}
      {!answer && !query.isError ? (
        <Text fz="sm" c="dimmed">
          {query.fetchStatus === 'paused'
            ? 'Which coupons apply is checked when you are back online.'
            : 'Checking which coupons apply…'}
        </Text>
      ) : null}
      {applying.length > 0 ? (
        <ul className={classes.forCart} aria-label="Coupons for this cart">
          {applying.map((coupon) => (
            <li key={coupon.code}>
              <Text fz="sm" fw={600}>
                {coupon.code}
              </Text>
              <Text fz="sm">saves {formatInr(coupon.saving ?? 0)}</Text>
              {coupon.code === appliedCode ? (
                <Text fz="sm" c="var(--cv-success-text)" fw={600}>
                  Applied
                </Text>
              ) : (
                <Button
                  variant="light"
                  size="compact-sm"
                  aria-label={`Use coupon ${coupon.code}`}
                  onClick={() => onApply(coupon.code)}
                >
                  Use
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Anchor component={Link} to="/coupons" fz="sm" mt={6} display="inline-block">
        All your coupons
      </Anchor>
    </section>
  );
}

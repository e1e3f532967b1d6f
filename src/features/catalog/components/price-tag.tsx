import { Group, Text } from '@mantine/core';
import { formatInr, percentOff } from '@/lib/money';
import classes from './catalog.module.css';
import { product_in_stock } from '@/paraglide/messages/product_in_stock.js';
import { product_mrp } from '@/paraglide/messages/product_mrp.js';
import { product_only_left_one } from '@/paraglide/messages/product_only_left_one.js';
import { product_only_left_other } from '@/paraglide/messages/product_only_left_other.js';
import { product_out_of_stock } from '@/paraglide/messages/product_out_of_stock.js';
import { product_percent_off } from '@/paraglide/messages/product_percent_off.js';
import { plural } from '@/lib/plural';

/** Price, struck-through MRP and the saving, with words for screen readers. */
export function PriceTag({ price, mrp, size = 'md' }: { price: number; mrp: number; size?: 'md' | 'lg' }) {
  const off = percentOff(mrp, price);
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      <Text component="span" fw={700} fz={size === 'lg' ? 28 : 18} className={classes.price}>
        {formatInr(price)}
      </Text>
      {off > 0 ? (
        <>
          <Text component="span" c="dimmed" td="line-through" fz="sm">
            <span className={classes.visuallyHidden}>{product_mrp()}</span>
            {formatInr(mrp)}
          </Text>
          <Text component="span" fz="sm" fw={600} className={classes.saving}>
            {product_percent_off({ percent: off })}
          </Text>
        </>
      ) : null}
    </Group>
  );
}

/** In stock, only a few left, or out of stock. */
export function StockState({ stock }: { stock: number }) {
  if (stock <= 0) {
    return (
      <Text component="span" fz="sm" fw={600} className={classes.outOfStock}>
        {product_out_of_stock()}
      </Text>
    );
  }
  if (stock <= 5) {
    return (
      <Text component="span" fz="sm" fw={600} className={classes.lowStock}>
        {plural(stock, { one: product_only_left_one, other: product_only_left_other })}
      </Text>
    );
  }
  return (
    <Text component="span" fz="sm" className={classes.inStock}>
      {product_in_stock()}
    </Text>
  );
}

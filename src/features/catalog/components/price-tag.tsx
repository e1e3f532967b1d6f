import { Group, Text } from '@mantine/core';
import { formatInr, percentOff } from '@/lib/money';
import classes from './catalog.module.css';

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
            <span className={classes.visuallyHidden}>MRP </span>
            {formatInr(mrp)}
          </Text>
          <Text component="span" fz="sm" fw={600} className={classes.saving}>
            {off}% off
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
        Out of stock
      </Text>
    );
  }
  if (stock <= 5) {
    return (
      <Text component="span" fz="sm" fw={600} className={classes.lowStock}>
        Only {stock} left
      </Text>
    );
  }
  return (
    <Text component="span" fz="sm" className={classes.inStock}>
      In stock
    </Text>
  );
}

import { Badge } from '@mantine/core';

/** On or off (a product on sale, a coupon active), in the text's own colour so that it reads in both schemes. */
export function StateBadge({ on, onLabel, offLabel }: { on: boolean; onLabel: string; offLabel: string }) {
  return (
    <Badge
      variant="light"
      color={on ? 'green' : 'gray'}
      tt="none"
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
    >
      {on ? onLabel : offLabel}
    </Badge>
  );
}

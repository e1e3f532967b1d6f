import { ActionIcon, Group, Text } from '@mantine/core';
import { cart_decrease } from '@/paraglide/messages/cart_decrease.js';
import { cart_increase } from '@/paraglide/messages/cart_increase.js';

/** − quantity +, within 1..max; each press is one change. */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
  disabled,
}: {
  value: number;
  max: number;
  onChange: (next: number) => void;
  /** What is counted, for screen readers: "Quantity of Clapperboard Tee". */
  label: string;
  disabled?: boolean;
}) {
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={label}>
      <ActionIcon
        variant="default"
        size={44}
        aria-label={cart_decrease()}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </ActionIcon>
      <Text component="output" w={36} ta="center" fw={600} aria-live="polite">
        {value}
      </Text>
      <ActionIcon
        variant="default"
        size={44}
        aria-label={cart_increase()}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </ActionIcon>
    </Group>
  );
}

import { Text, type TextProps } from '@mantine/core';
import type { DeliveryEstimate } from '@/contract/delivery';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day of an estimate (`YYYY-MM-DD`, a day in India) as Indian readers write it: "Thu, 3 Dec". */
function formatEstimateDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${day} ${MONTHS[month - 1]}`;
}

/** "Expected delivery: between Thu, 3 Dec and Thu, 10 Dec", by the shipping policy. */
export function DeliveryEstimateText({ estimate, ...props }: { estimate: DeliveryEstimate } & TextProps) {
  return (
    <Text data-testid="delivery-estimate" {...props}>
      Expected delivery: between {formatEstimateDay(estimate.earliest)} and {formatEstimateDay(estimate.latest)}
    </Text>
  );
}

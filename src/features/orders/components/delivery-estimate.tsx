import { Anchor, Text, type TextProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type DeliveryEstimate, indiaToday } from '@/contract/delivery';
import { MONTHS } from '@/lib/money';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A day of an estimate (`YYYY-MM-DD`, a day in India) as Indian readers write it: "Thu, 3 Dec". */
function formatEstimateDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${day} ${MONTHS[month - 1]}`;
}

/**
 * "Expected delivery: between Thu, 3 Dec and Thu, 10 Dec", by the shipping policy. For an order (`orderId`) whose
 * last expected day has passed, it says so, with a way to ask the team.
 */
export function DeliveryEstimateText({
  estimate,
  orderId,
  ...props
}: { estimate: DeliveryEstimate; orderId?: number } & TextProps) {
  if (orderId !== undefined && estimate.latest < indiaToday()) {
    return (
      <Text data-testid="delivery-estimate" {...props}>
        It was expected by {formatEstimateDay(estimate.latest)}: we are sorry it is late.{' '}
        <Anchor renderRoot={(link) => <Link {...link} to="/contact" search={{ order: String(orderId) }} />}>
          Ask us about it
        </Anchor>
      </Text>
    );
  }
  return (
    <Text data-testid="delivery-estimate" {...props}>
      Expected delivery: between {formatEstimateDay(estimate.earliest)} and {formatEstimateDay(estimate.latest)}
    </Text>
  );
}

import { Anchor, Text, type TextProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type DeliveryEstimate, indiaToday } from '@/contract/delivery';
import { monthName } from '@/lib/money';
import { orders_ask_us } from '@/paraglide/messages/orders_ask_us.js';
import { orders_day_0 } from '@/paraglide/messages/orders_day_0.js';
import { orders_day_1 } from '@/paraglide/messages/orders_day_1.js';
import { orders_day_2 } from '@/paraglide/messages/orders_day_2.js';
import { orders_day_3 } from '@/paraglide/messages/orders_day_3.js';
import { orders_day_4 } from '@/paraglide/messages/orders_day_4.js';
import { orders_day_5 } from '@/paraglide/messages/orders_day_5.js';
import { orders_day_6 } from '@/paraglide/messages/orders_day_6.js';
import { orders_expected } from '@/paraglide/messages/orders_expected.js';
import { orders_late } from '@/paraglide/messages/orders_late.js';

/** Read when rendered, in the page's language. */
const WEEKDAYS = [orders_day_0, orders_day_1, orders_day_2, orders_day_3, orders_day_4, orders_day_5, orders_day_6];

/** A day of an estimate (`YYYY-MM-DD`, a day in India) as Indian readers write it: "Thu, 3 Dec", "गुरु, 3 दिसंबर". */
function formatEstimateDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]!()}, ${day} ${monthName(month - 1)}`;
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
        {orders_late({ date: formatEstimateDay(estimate.latest) })}{' '}
        <Anchor renderRoot={(link) => <Link {...link} to="/contact" search={{ order: String(orderId) }} />}>
          {orders_ask_us()}
        </Anchor>
      </Text>
    );
  }
  return (
    <Text data-testid="delivery-estimate" {...props}>
      {orders_expected({ earliest: formatEstimateDay(estimate.earliest), latest: formatEstimateDay(estimate.latest) })}
    </Text>
  );
}

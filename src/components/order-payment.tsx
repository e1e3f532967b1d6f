import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@/contract/orders';
import { formatInr } from '@/lib/money';
import { goToCheckout, indiaTime } from '@/lib/payment-checkout';
import { pay_checking } from '@/paraglide/messages/pay_checking.js';
import { pay_expiredNote } from '@/paraglide/messages/pay_expirednote1.js';
import { pay_failed } from '@/paraglide/messages/pay_failed.js';
import { pay_method } from '@/paraglide/messages/pay_method.js';
import { pay_methodCard } from '@/paraglide/messages/pay_methodcard1.js';
import { pay_methodCod } from '@/paraglide/messages/pay_methodcod1.js';
import { pay_methodNetbanking } from '@/paraglide/messages/pay_methodnetbanking1.js';
import { pay_methodUpi } from '@/paraglide/messages/pay_methodupi1.js';
import { pay_methodWallet } from '@/paraglide/messages/pay_methodwallet1.js';
import { pay_online } from '@/paraglide/messages/pay_online.js';
import { pay_paidNote } from '@/paraglide/messages/pay_paidnote1.js';
import { pay_payBy } from '@/paraglide/messages/pay_payby1.js';
import { pay_payNow } from '@/paraglide/messages/pay_paynow1.js';
import { pay_paymentId } from '@/paraglide/messages/pay_paymentid1.js';
import { pay_state } from '@/paraglide/messages/pay_state.js';
import { pay_stateCreated } from '@/paraglide/messages/pay_statecreated1.js';
import { pay_stateExpired } from '@/paraglide/messages/pay_stateexpired1.js';
import { pay_statePaid } from '@/paraglide/messages/pay_statepaid1.js';
import { pay_stateRefunded } from '@/paraglide/messages/pay_staterefunded1.js';
import { pay_title } from '@/paraglide/messages/pay_title.js';

type Payment = NonNullable<Order['payment']>;

/** How the gateway's method reads (upi, card, netbanking, wallet), in the page's language. */
function methodWords(method: string | null): string {
  if (method === 'upi') return pay_methodUpi();
  if (method === 'card') return pay_methodCard();
  if (method === 'netbanking') return pay_methodNetbanking();
  if (method === 'wallet') return pay_methodWallet();
  return method ?? pay_online();
}

function stateWords(status: Payment['status']): string {
  if (status === 'paid') return pay_statePaid();
  if (status === 'expired') return pay_stateExpired();
  if (status === 'refunded') return pay_stateRefunded();
  return pay_stateCreated();
}

/**
 * An order's payment: how (cash on delivery, or the gateway's method and payment id) and where it stands; to its
 * shopper, while it waits, the button to pay and until when, the last failed attempt, or why it was let go.
 */
export function OrderPayment({ order, shopper }: { order: Order; shopper: boolean }) {
  const payment = order.payment;
  return (
    <section aria-label={pay_title()} data-testid="order-payment">
      <Title order={2} fz="md" mb={4}>
        {pay_title()}
      </Title>
      {payment === null ? (
        <Text>{pay_methodCod()}</Text>
      ) : (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <Text>{pay_method()}</Text>
            <Text>{methodWords(payment.method)}</Text>
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text>{pay_state()}</Text>
            <Text fw={600} data-testid="payment-status">
              {stateWords(payment.status)}
            </Text>
          </Group>
          {payment.gateway_payment_id ? (
            <Group justify="space-between" wrap="nowrap">
              <Text>{pay_paymentId()}</Text>
              <Text style={{ overflowWrap: 'anywhere' }} ff="monospace" fz="sm">
                {payment.gateway_payment_id}
              </Text>
            </Group>
          ) : null}
          {shopper && payment.status === 'paid' && order.status === 'placed' ? (
            <Text fz="sm">{pay_paidNote()}</Text>
          ) : null}
          {shopper && order.status === 'expired' && payment.status === 'expired' ? (
            <Alert color="gray" variant="light" role="status">
              {pay_expiredNote()}
            </Alert>
          ) : null}
          {shopper && payment.checkout ? (
            <>
              {payment.last_error ? (
                <Alert color="red" variant="light" role="alert">
                  {pay_failed({ reason: payment.last_error, time: indiaTime(payment.expires_at) })}
                </Alert>
              ) : null}
              <Text fz="sm">{pay_payBy({ time: indiaTime(payment.expires_at) })}</Text>
              <Text fz="sm" c="dimmed" role="status">
                {pay_checking()}
              </Text>
              <Button onClick={() => goToCheckout(payment.checkout!)}>
                {pay_payNow({ amount: formatInr(order.total) })}
              </Button>
            </>
          ) : null}
        </Stack>
      )}
    </section>
  );
}

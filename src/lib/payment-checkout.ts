import type { Order } from '@/contract/orders';

/** A moment as a time in India, "4:05 pm", wherever the device is. */
export function indiaTime(iso: string): string {
  const india = new Date(new Date(iso).getTime() + 5.5 * 60 * 60 * 1000);
  const hours = india.getUTCHours();
  return `${hours % 12 || 12}:${String(india.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/**
 * Posts the gateway's checkout form from this page: the shopper goes to the gateway's own page (no script of the
 * gateway runs here), and comes back to the order through our callback.
 */
export function goToCheckout(checkout: NonNullable<NonNullable<Order['payment']>['checkout']>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = checkout.action;
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

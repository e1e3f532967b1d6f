import { useEffect, useState } from 'react';
import { checkPin, type DeliveryAnswer } from './check-delivery';

/**
 * What the shop says of the PIN typed in an address form (with the order's `total` for the COD limit), once it is six
 * digits: null before, and while another PIN is being looked up. Offline, the device's copy answers.
 */
export function usePinAnswer(pincode: string, total?: number): DeliveryAnswer | null {
  const digits = pincode.replace(/\s+/g, '');
  const valid = /^[1-9]\d{5}$/.test(digits);
  const [answer, setAnswer] = useState<{ for: string; answer: DeliveryAnswer } | null>(null);
  const key = `${digits}:${total ?? ''}`;
  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    checkPin(digits, total, controller.signal).then(
      (found) => {
        if (!controller.signal.aborted) setAnswer({ for: key, answer: found });
      },
      () => {
        // A lookup that failed leaves the fields as typed: the server checks them when the form is sent.
      },
    );
    return () => controller.abort();
  }, [digits, total, valid, key]);
  return valid && answer?.for === key ? answer.answer : null;
}

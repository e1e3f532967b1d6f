import type { GetInputPropsReturnType } from '@mantine/form';
import type { ChangeEvent } from 'react';
import { useEffect, useRef } from 'react';
import { stateByName } from '@/contract/pins';
import { error_pin_state_mismatch } from '@/paraglide/messages/error_pin_state_mismatch.js';
import type { DeliveryAnswer } from './check-delivery';
import { usePinAnswer } from './use-pin-answer';

/** The part of a Mantine form of an address (its fields at `prefix`: `address.` at checkout, none in the profile). */
interface AddressForm {
  getValues: () => unknown;
  setFieldValue: (path: never, value: never) => void;
  setFieldError: (path: string, error: string) => void;
  getInputProps: (path: never) => GetInputPropsReturnType;
}

function fieldsOf(form: AddressForm, prefix: string) {
  const values = form.getValues() as Record<string, unknown>;
  return (prefix ? values[prefix.replace(/\.$/, '')] : values) as {
    city: string | null;
    state: string | null;
    pincode: string | null;
  };
}

/**
 * Fills the city (with the district, when empty or filled by this before) and the state when a six-digit PIN is
 * typed; a PIN that came with a saved address is not changed, but a state that does not match it is shown as an
 * error on the state field, for the shopper to fix before the order is sent. Answers with what the shop says of the
 * PIN (the zone, the delivery date, cash on delivery for `total`).
 */
export function usePinFill(
  form: AddressForm,
  total?: number,
  prefix = 'address.',
): { answer: DeliveryAnswer | null; pinInputProps: () => GetInputPropsReturnType } {
  const answer = usePinAnswer(fieldsOf(form, prefix).pincode ?? '', total);
  // Whether the shopper typed the PIN since the last fill: only a typed PIN fills the city and state.
  const typed = useRef(false);
  const filledCity = useRef<string | null>(null);
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (answer?.kind !== 'found') return;
    const { check } = answer;
    const fields = fieldsOf(form, prefix);
    // A select being typed in holds null.
    const current = { city: fields.city ?? '', state: fields.state ?? '' };
    const state = stateByName(current.state);
    const matches = state !== undefined && (state.name === check.state || check.also.includes(state.name));
    const set = (field: string, value: string) => form.setFieldValue(`${prefix}${field}` as never, value as never);
    if (typed.current) {
      typed.current = false;
      // Not while the shopper is in the state's field (typing in its list, which then holds null): theirs to choose.
      const inStateField = document.activeElement?.getAttribute('data-path') === `${prefix}state`;
      if (!matches && fields.state !== null && !inStateField) set('state', check.state);
      if (check.district && (!current.city.trim() || current.city === filledCity.current)) {
        set('city', check.district);
        filledCity.current = check.district;
      }
    } else if (!matches && current.state && seen.current !== check.pincode) {
      form.setFieldError(`${prefix}state`, error_pin_state_mismatch({ pincode: check.pincode, state: check.state }));
    }
    seen.current = check.pincode;
  }, [answer, form, prefix]);
  // The PIN field's props: the form's, noting that the shopper typed it (so the city and state follow).
  const pinInputProps = () => {
    const props = form.getInputProps(`${prefix}pincode` as never);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        typed.current = true;
        (props.onChange as (event: ChangeEvent<HTMLInputElement>) => void)(event);
      },
    };
  };
  return { answer, pinInputProps };
}

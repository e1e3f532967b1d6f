import { Alert, Button, Checkbox, Group, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNetwork } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { estimateFromOrder } from '@/contract/delivery';
import { completeOrderRequestSchema } from '@/contract/orders';
import type { Profile } from '@/contract/user';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCompleteOrder } from '../api/complete-order';
import { usePaymentOptions } from '@/lib/payment-options';
import { goToCheckout } from '@/lib/payment-checkout';
import { pay_online } from '@/paraglide/messages/pay_online.js';
import { pay_onlineHint } from '@/paraglide/messages/pay_onlinehint1.js';
import { codWords } from '@/lib/delivery/delivery-words';
import { usePinFill } from '@/lib/delivery/use-pin-fill';
import { pin_cod_checkout } from '@/paraglide/messages/pin_cod_checkout.js';
import { DeliveryEstimateText } from './delivery-estimate';
import classes from './orders.module.css';
import { checkout_address } from '@/paraglide/messages/checkout_address.js';
import { checkout_city } from '@/paraglide/messages/checkout_city.js';
import { checkout_cod } from '@/paraglide/messages/checkout_cod.js';
import { checkout_coupon_after } from '@/paraglide/messages/checkout_coupon_after.js';
import { checkout_coupon_before } from '@/paraglide/messages/checkout_coupon_before.js';
import { checkout_coupon_refused } from '@/paraglide/messages/checkout_coupon_refused.js';
import { checkout_empty } from '@/paraglide/messages/checkout_empty.js';
import { checkout_form } from '@/paraglide/messages/checkout_form.js';
import { checkout_line1 } from '@/paraglide/messages/checkout_line1.js';
import { checkout_line1_hint } from '@/paraglide/messages/checkout_line1_hint.js';
import { checkout_line2 } from '@/paraglide/messages/checkout_line2.js';
import { checkout_line2_hint } from '@/paraglide/messages/checkout_line2_hint.js';
import { checkout_name } from '@/paraglide/messages/checkout_name.js';
import { checkout_offline } from '@/paraglide/messages/checkout_offline.js';
import { checkout_offline_error } from '@/paraglide/messages/checkout_offline_error.js';
import { checkout_payment } from '@/paraglide/messages/checkout_payment.js';
import { checkout_pending } from '@/paraglide/messages/checkout_pending.js';
import { checkout_phone } from '@/paraglide/messages/checkout_phone.js';
import { checkout_pincode } from '@/paraglide/messages/checkout_pincode.js';
import { checkout_place } from '@/paraglide/messages/checkout_place.js';
import { checkout_recomputing } from '@/paraglide/messages/checkout_recomputing.js';
import { checkout_save_address } from '@/paraglide/messages/checkout_save_address.js';
import { checkout_saved_addresses } from '@/paraglide/messages/checkout_saved_addresses.js';
import { checkout_state } from '@/paraglide/messages/checkout_state.js';
import { checkout_title } from '@/paraglide/messages/checkout_title.js';

/** India's states and union territories, for the state field. */
const indianStates = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
];

interface CheckoutValues {
  address: { name: string; phone: string; line1: string; line2: string; city: string; state: string; pincode: string };
  payment_method: 'cod' | 'online';
  coupon_code: string;
}

type AddressValues = CheckoutValues['address'];
const blankAddress: AddressValues = { name: '', phone: '', line1: '', line2: '', city: '', state: '', pincode: '' };

export interface CheckoutPageProps {
  /** The signed-in user's profile; the form shows before it arrives and is filled in where still empty. */
  profile: Profile | undefined;
  couponCode: string | undefined;
  /** Why the coupon asked for does not apply, when it does not. */
  couponRefusal: string | null;
  cartIsEmpty: boolean;
  /** Cart edits not yet on the server: the order would miss them, so it waits. */
  pendingChanges: number;
  /** The total shown in the summary, in paise; null while it is being recomputed. */
  total: number | null;
  /** The order summary, composed by the route from the cart. */
  summary: ReactNode;
  onPlaced: (orderId: number) => void;
}

const FORM_ID = 'checkout-form';

export function CheckoutPage({
  profile,
  couponCode,
  couponRefusal,
  cartIsEmpty,
  pendingChanges,
  total,
  summary,
  onPlaced,
}: CheckoutPageProps) {
  const form = useForm<CheckoutValues>({
    mode: 'controlled',
    initialValues: { address: blankAddress, payment_method: 'cod', coupon_code: couponCode ?? '' },
    validate: contractResolver(completeOrderRequestSchema),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saveAddress, setSaveAddress] = useState<boolean | null>(null);
  const completeOrder = useCompleteOrder();
  // Paying online shows only when the server has the gateway's keys.
  const payOnline = usePaymentOptions().data?.online ?? false;
  const { online } = useNetwork();
  const blocked = !online || pendingChanges > 0 || total === null;
  // One key per filled-in order: a second tap or a retry after a lost answer is the same order.
  const [key, setKey] = useState(newIdempotencyKey);
  const savedAddresses = profile?.addresses ?? [];
  const { answer: pin, pinInputProps } = usePinFill(form, total ?? undefined);
  const codRefused =
    pin?.kind === 'found' && !pin.offline && form.getValues().payment_method === 'cod' ? codWords(pin.check.cod) : null;

  // The saved address (or the name and phone) fills the fields still empty when the profile arrives: what the
  // shopper typed meanwhile stays.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!profile || prefilled.current) return;
    prefilled.current = true;
    const first = profile.addresses[0];
    const source: Partial<AddressValues> = first ?? { name: profile.name, phone: profile.phone ?? '' };
    const typed = form.getValues().address;
    for (const field of Object.keys(blankAddress) as (keyof AddressValues)[]) {
      const value = source[field];
      if (value && !typed[field]) form.setFieldValue(`address.${field}`, value);
    }
  }, [profile, form]);
  // A shopper with no saved address keeps this one by default, so the next order is not typed again.
  const keepAddress = saveAddress ?? (profile !== undefined && profile.addresses.length === 0);

  // A field in error takes focus through the form's ref (focusFirstError), in the order the page shows them.
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const order = await completeOrder.mutateAsync({
        input: {
          ...values,
          // The coupon as last checked against this cart, whatever the form was first made with.
          coupon_code: couponCode,
          expected_total: total ?? undefined,
          save_address: keepAddress,
        },
        key,
      });
      // Paid online, the shopper goes on to the gateway's page; the order waits for its word.
      if (order.payment?.checkout) goToCheckout(order.payment.checkout);
      else onPlaced(order.id);
    } catch (error) {
      const message = applyServerError(form, error, checkout_offline_error());
      setFailure(message);
      // A refused order changed nothing; a corrected one is a new request.
      setKey(newIdempotencyKey());
    }
  });

  if (cartIsEmpty) {
    return (
      <PageContainer>
        <DocumentTitle page={checkout_title()} />
        <Title order={1} mb="md">
          {checkout_title()}
        </Title>
        <Text>{checkout_empty()}</Text>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <DocumentTitle page={checkout_title()} />
      <Title order={1} mb="md">
        {checkout_title()}
      </Title>
      {!online ? (
        <Alert color="yellow" variant="light" role="status" mb="md">
          {checkout_offline()}
        </Alert>
      ) : null}
      <div className={classes.checkout}>
        <form
          ref={focusFirstError}
          id={FORM_ID}
          className={classes.checkoutForm}
          onSubmit={submit}
          noValidate
          aria-label={checkout_form()}
        >
          <Stack gap="md">
            <Title order={2} fz="lg">
              {checkout_address()}
            </Title>
            {savedAddresses.length > 1 ? (
              <Select
                label={checkout_saved_addresses()}
                data={savedAddresses.map((address) => ({
                  value: String(address.id),
                  label: `${address.name}, ${address.line1}, ${address.city}`,
                }))}
                defaultValue={String(savedAddresses[0]?.id)}
                onChange={(value) => {
                  const chosen = savedAddresses.find((address) => String(address.id) === value);
                  if (chosen) {
                    const { id: _id, ...address } = chosen;
                    form.setFieldValue('address', address);
                  }
                }}
                allowDeselect={false}
              />
            ) : null}
            <TextInput
              label={checkout_name()}
              autoComplete="name"
              withAsterisk
              {...form.getInputProps('address.name')}
            />
            <TextInput
              label={checkout_phone()}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              withAsterisk
              {...form.getInputProps('address.phone')}
            />
            <TextInput
              label={checkout_line1()}
              description={checkout_line1_hint()}
              autoComplete="address-line1"
              withAsterisk
              {...form.getInputProps('address.line1')}
            />
            <TextInput
              label={checkout_line2()}
              description={checkout_line2_hint()}
              autoComplete="address-line2"
              {...form.getInputProps('address.line2')}
            />
            <Group grow align="flex-start">
              <TextInput
                label={checkout_city()}
                autoComplete="address-level2"
                withAsterisk
                {...form.getInputProps('address.city')}
              />
              <TextInput
                label={checkout_pincode()}
                inputMode="numeric"
                maxLength={7}
                autoComplete="postal-code"
                withAsterisk
                {...pinInputProps()}
              />
            </Group>
            <Select
              label={checkout_state()}
              data={indianStates}
              searchable
              // The PIN may have chosen the state already: choosing it again keeps it.
              allowDeselect={false}
              withAsterisk
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('address.state')}
            />
            <Checkbox
              label={checkout_save_address()}
              checked={keepAddress}
              onChange={(event) => setSaveAddress(event.currentTarget.checked)}
            />
            <Radio.Group label={checkout_payment()} withAsterisk {...form.getInputProps('payment_method')}>
              {payOnline ? <Radio value="online" label={pay_online()} description={pay_onlineHint()} mt="xs" /> : null}
              <Radio value="cod" label={checkout_cod()} mt="xs" />
            </Radio.Group>
          </Stack>
        </form>
        <div className={classes.checkoutSummary}>{summary}</div>
        <Stack gap="sm" className={classes.checkoutActions}>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          {couponCode ? (
            <Text fz="sm">
              {checkout_coupon_before()}
              <strong>{couponCode}</strong>
              {checkout_coupon_after()}
            </Text>
          ) : null}
          {couponRefusal ? (
            <Text fz="sm" c="var(--cv-danger-text)" role="alert">
              {checkout_coupon_refused({ reason: couponRefusal })}
            </Text>
          ) : null}
          {form.errors.coupon_code ? (
            <Text fz="sm" c="var(--cv-danger-text)" role="alert">
              {form.errors.coupon_code}
            </Text>
          ) : null}
          {online && pendingChanges > 0 ? (
            <Alert color="yellow" variant="light" role="status">
              {checkout_pending()}
            </Alert>
          ) : online && total === null ? (
            <Text fz="sm" role="status">
              {checkout_recomputing()}
            </Text>
          ) : null}
          {codRefused ? (
            <Alert color="red" variant="light" role="alert" data-testid="cod-refused">
              {pin_cod_checkout({ reason: codRefused })}
            </Alert>
          ) : null}
          <DeliveryEstimateText
            estimate={pin?.kind === 'found' && pin.check.delivery ? pin.check.delivery : estimateFromOrder(new Date())}
            fz="sm"
          />
          <Button
            type="submit"
            form={FORM_ID}
            size="md"
            loading={completeOrder.isPending}
            disabled={blocked || codRefused !== null}
          >
            {checkout_place()}
          </Button>
        </Stack>
      </div>
    </PageContainer>
  );
}

import { Alert, Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNetwork } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { PageContainer } from '@/components/page-container';
import { completeOrderRequestSchema } from '@/contract/orders';
import type { SavedAddress } from '@/contract/user';
import { applyServerError, newIdempotencyKey } from '@/lib/form-errors';
import { useCompleteOrder } from '../api/order-calls';

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
  payment_method: 'cod';
  coupon_code: string;
}

export interface CheckoutPageProps {
  savedAddresses: SavedAddress[];
  defaultName: string;
  defaultPhone: string;
  couponCode: string | undefined;
  cartIsEmpty: boolean;
  /** Cart edits not yet on the server: the order would miss them, so it waits. */
  pendingChanges: number;
  /** The order summary, composed by the route from the cart. */
  summary: ReactNode;
  onPlaced: (orderId: number) => void;
}

export function CheckoutPage({
  savedAddresses,
  defaultName,
  defaultPhone,
  couponCode,
  cartIsEmpty,
  pendingChanges,
  summary,
  onPlaced,
}: CheckoutPageProps) {
  const first = savedAddresses[0];
  const form = useForm<CheckoutValues>({
    mode: 'controlled',
    initialValues: {
      address: first
        ? {
            name: first.name,
            phone: first.phone,
            line1: first.line1,
            line2: first.line2,
            city: first.city,
            state: first.state,
            pincode: first.pincode,
          }
        : { name: defaultName, phone: defaultPhone, line1: '', line2: '', city: '', state: '', pincode: '' },
      payment_method: 'cod',
      coupon_code: couponCode ?? '',
    },
    validate: schemaResolver(completeOrderRequestSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const completeOrder = useCompleteOrder();
  const { online } = useNetwork();
  const blocked = !online || pendingChanges > 0;
  // One key per filled-in order: a second tap or a retry after a lost answer is the same order.
  const [key, setKey] = useState(newIdempotencyKey);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const order = await completeOrder.mutateAsync({
        input: { ...values, coupon_code: values.coupon_code || undefined },
        key,
      });
      onPlaced(order.id);
    } catch (error) {
      setFailure(
        applyServerError(form, error, 'You are offline. Placing an order needs the network; nothing was ordered yet.'),
      );
      // A refused order changed nothing; a corrected one is a new request.
      setKey(newIdempotencyKey());
    }
  });

  if (cartIsEmpty) {
    return (
      <PageContainer>
        <Title order={1} mb="md">
          Checkout
        </Title>
        <Text>Your cart is empty, so there is nothing to check out.</Text>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <Title order={1} mb="md">
        Checkout
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <form onSubmit={submit} noValidate aria-label="Delivery and payment">
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            <Title order={2} fz="lg">
              Delivery address
            </Title>
            {savedAddresses.length > 1 ? (
              <Select
                label="Saved addresses"
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
            <TextInput label="Full name" autoComplete="name" withAsterisk {...form.getInputProps('address.name')} />
            <TextInput
              label="Mobile number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              withAsterisk
              {...form.getInputProps('address.phone')}
            />
            <TextInput
              label="Address line 1"
              description="House, building, street"
              autoComplete="address-line1"
              withAsterisk
              {...form.getInputProps('address.line1')}
            />
            <TextInput
              label="Address line 2 (optional)"
              description="Area, landmark"
              autoComplete="address-line2"
              {...form.getInputProps('address.line2')}
            />
            <Group grow align="flex-start">
              <TextInput
                label="City"
                autoComplete="address-level2"
                withAsterisk
                {...form.getInputProps('address.city')}
              />
              <TextInput
                label="PIN code"
                inputMode="numeric"
                maxLength={6}
                autoComplete="postal-code"
                withAsterisk
                {...form.getInputProps('address.pincode')}
              />
            </Group>
            <Select
              label="State"
              data={indianStates}
              searchable
              withAsterisk
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('address.state')}
            />
            <Radio.Group label="Payment" withAsterisk {...form.getInputProps('payment_method')}>
              <Radio value="cod" label="Cash on delivery" mt="xs" />
            </Radio.Group>
            {couponCode ? (
              <Text fz="sm">
                Coupon <strong>{couponCode}</strong> will be applied.
              </Text>
            ) : null}
            {form.errors.coupon_code ? (
              <Text fz="sm" c="red.9" role="alert">
                {form.errors.coupon_code}
              </Text>
            ) : null}
            {!online ? (
              <Alert color="yellow" variant="light" role="status">
                You are offline. Placing an order needs the network; your cart is kept and you can order when you are
                back online.
              </Alert>
            ) : pendingChanges > 0 ? (
              <Alert color="yellow" variant="light" role="status">
                Your latest cart changes are still being sent. You can place the order as soon as they are saved.
              </Alert>
            ) : null}
            <Button type="submit" size="md" loading={completeOrder.isPending} disabled={blocked}>
              Place order
            </Button>
          </Stack>
        </form>
        <div>{summary}</div>
      </SimpleGrid>
    </PageContainer>
  );
}

import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import classes from '@/components/admin/admin.module.css';
import { AdminPage } from '@/components/admin/admin-page';
import { StateBadge } from '@/components/admin/state-badge';
import { ListStates } from '@/components/admin/list-states';
import {
  type CouponInput,
  type StaffCoupon,
  staffCouponListResponseSchema,
  staffCouponResponseSchema,
} from '@/contract/admin';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { ApiError } from '@/lib/api-client';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime, formatInr } from '@/lib/money';

const OFFLINE = 'You are offline: nothing was saved. Try again when you are back online.';

/** The form's values: rupees and local date-times as staff type them; empty means "no limit". */
interface CouponValues {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  value: number | string;
  min_order: number | string;
  max_discount: number | string;
  starts_at: string;
  ends_at: string;
  usage_limit: number | string;
  per_user_limit: number | string;
  active: boolean;
}

const rupees = (paise: number | null) => (paise === null ? '' : paise / 100);
const paiseOrNull = (value: number | string) => (value === '' ? null : Math.round(Number(value) * 100));
const countOrNull = (value: number | string) => (value === '' ? null : Number(value));
/** `datetime-local` wants `2026-11-25T10:30` in the device's time; the API takes and gives ISO times. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOrNull = (local: string) => (local ? new Date(local).toISOString() : null);

function valuesOf(coupon: StaffCoupon | null): CouponValues {
  return {
    code: coupon?.code ?? '',
    description: coupon?.description ?? '',
    kind: coupon?.kind ?? 'percent',
    value: coupon ? (coupon.kind === 'flat' ? coupon.value / 100 : coupon.value) : '',
    min_order: coupon ? coupon.min_order / 100 : 0,
    max_discount: rupees(coupon?.max_discount ?? null),
    starts_at: localInput(coupon?.starts_at ?? null),
    ends_at: localInput(coupon?.ends_at ?? null),
    usage_limit: coupon?.usage_limit ?? '',
    per_user_limit: coupon?.per_user_limit ?? '',
    active: coupon?.active ?? true,
  };
}

function CouponForm({ coupon, onDone }: { coupon: StaffCoupon | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CouponValues>({ mode: 'controlled', initialValues: valuesOf(coupon) });
  const save = useMutation({
    mutationFn: (input: CouponInput) =>
      adminRequest(coupon ? `/coupons/${coupon.id}` : '/coupons', {
        method: coupon ? 'PUT' : 'POST',
        body: input,
        idempotencyKey: key,
        schema: staffCouponResponseSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.area('coupons') }),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        code: values.code,
        description: values.description,
        kind: values.kind,
        value: values.kind === 'flat' ? Math.round(Number(values.value) * 100) : Number(values.value),
        min_order: paiseOrNull(values.min_order) ?? 0,
        max_discount: paiseOrNull(values.max_discount),
        starts_at: isoOrNull(values.starts_at),
        ends_at: isoOrNull(values.ends_at),
        usage_limit: countOrNull(values.usage_limit),
        per_user_limit: countOrNull(values.per_user_limit),
        active: values.active,
      });
      onDone();
    } catch (error) {
      const message = applyServerError(form, error, OFFLINE);
      setFailure(message);
      // The refusal is next to its field: the person is taken there.
      if (message === null && error instanceof ApiError && error.field) form.getInputNode(error.field)?.focus();
    }
  });
  const percent = form.values.kind === 'percent';
  return (
    <form ref={focusFirstError} onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput label="Code" required description="Letters, digits, - and _" {...form.getInputProps('code')} />
        <TextInput label="Description" {...form.getInputProps('description')} />
        <SegmentedControl
          aria-label="Kind"
          data={[
            { value: 'percent', label: 'Percent off' },
            { value: 'flat', label: 'Rupees off' },
          ]}
          {...form.getInputProps('kind')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label={percent ? 'Percent off' : 'Rupees off'}
            required
            min={1}
            max={percent ? 100 : undefined}
            {...form.getInputProps('value')}
          />
          <NumberInput label="Minimum order (₹)" min={0} {...form.getInputProps('min_order')} />
          {percent ? (
            <NumberInput label="Largest discount (₹, optional)" min={1} {...form.getInputProps('max_discount')} />
          ) : null}
          <TextInput type="datetime-local" label="Starts (optional)" {...form.getInputProps('starts_at')} />
          <TextInput type="datetime-local" label="Ends (optional)" {...form.getInputProps('ends_at')} />
          <NumberInput
            label="Uses in all (optional)"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('usage_limit')}
          />
          <NumberInput
            label="Uses per shopper (optional)"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('per_user_limit')}
          />
        </SimpleGrid>
        <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {coupon ? 'Save coupon' : 'Add coupon'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A coupon whose window is over: shoppers are refused it, whatever its switch says. */
const hasEnded = (coupon: StaffCoupon) => coupon.ends_at !== null && Date.parse(coupon.ends_at) <= Date.now();

/** Every coupon with its rules and uses; a coupon that was used can be switched off, never deleted. */
export function CouponsPage() {
  const query = useQuery({
    queryKey: adminKeys.area('coupons'),
    queryFn: ({ signal }) => adminRequest('/coupons', { schema: staffCouponListResponseSchema, signal }),
    select: (answer) => answer.data,
  });
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const edited = typeof editing === 'number' ? query.data?.find((coupon) => coupon.id === editing) : undefined;
  return (
    <AdminPage title="Coupons" actions={<Button onClick={() => setEditing('new')}>New coupon</Button>}>
      <ListStates query={query} what="coupons" isEmpty={(data) => data.length === 0} empty="There are no coupons yet.">
        {(data) => (
          <div className={classes.tableScroll}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  {/* Next to the code, so that on a phone it shows without scrolling the table. */}
                  <Table.Th>State</Table.Th>
                  <Table.Th>Discount</Table.Th>
                  <Table.Th>Ends</Table.Th>
                  <Table.Th ta="right">Uses</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((coupon) => (
                  <Table.Tr key={coupon.id}>
                    <Table.Td fw={600}>{coupon.code}</Table.Td>
                    <Table.Td>
                      <StateBadge
                        on={coupon.active && !hasEnded(coupon)}
                        onLabel="Active"
                        offLabel={hasEnded(coupon) ? 'Expired' : 'Off'}
                      />
                    </Table.Td>
                    <Table.Td>
                      {coupon.kind === 'percent' ? `${coupon.value}%` : formatInr(coupon.value)}
                      {coupon.min_order > 0 ? ` over ${formatInr(coupon.min_order)}` : ''}
                    </Table.Td>
                    <Table.Td>{coupon.ends_at ? formatDateTime(coupon.ends_at) : 'Never'}</Table.Td>
                    <Table.Td ta="right">
                      {coupon.uses}
                      {coupon.usage_limit ? ` / ${coupon.usage_limit}` : ''}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setEditing(coupon.id)}
                        aria-label={`Edit ${coupon.code}`}
                      >
                        Edit
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </ListStates>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New coupon' : 'Change the coupon'}
        size="lg"
      >
        {editing !== null ? (
          <CouponForm key={String(editing)} coupon={edited ?? null} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </AdminPage>
  );
}

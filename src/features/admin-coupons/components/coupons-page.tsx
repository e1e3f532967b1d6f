import { adminUi_what_coupons } from '@/paraglide/messages/adminui_what_coupons1.js';
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
import { staffCoupons_active } from '@/paraglide/messages/staffcoupons_active1.js';
import { staffCoupons_add } from '@/paraglide/messages/staffcoupons_add1.js';
import { staffCoupons_change } from '@/paraglide/messages/staffcoupons_change1.js';
import { staffCoupons_code } from '@/paraglide/messages/staffcoupons_code1.js';
import { staffCoupons_code_hint } from '@/paraglide/messages/staffcoupons_code_hint1.js';
import { staffCoupons_description } from '@/paraglide/messages/staffcoupons_description1.js';
import { staffCoupons_discount } from '@/paraglide/messages/staffcoupons_discount1.js';
import { staffCoupons_edit } from '@/paraglide/messages/staffcoupons_edit1.js';
import { staffCoupons_edit_label } from '@/paraglide/messages/staffcoupons_edit_label1.js';
import { staffCoupons_ends } from '@/paraglide/messages/staffcoupons_ends1.js';
import { staffCoupons_ends_at } from '@/paraglide/messages/staffcoupons_ends_at1.js';
import { staffCoupons_expired } from '@/paraglide/messages/staffcoupons_expired1.js';
import { staffCoupons_kind } from '@/paraglide/messages/staffcoupons_kind1.js';
import { staffCoupons_max_discount } from '@/paraglide/messages/staffcoupons_max_discount1.js';
import { staffCoupons_min_order } from '@/paraglide/messages/staffcoupons_min_order1.js';
import { staffCoupons_never } from '@/paraglide/messages/staffcoupons_never1.js';
import { staffCoupons_new } from '@/paraglide/messages/staffcoupons_new1.js';
import { staffCoupons_none } from '@/paraglide/messages/staffcoupons_none1.js';
import { staffCoupons_off } from '@/paraglide/messages/staffcoupons_off1.js';
import { staffCoupons_offline } from '@/paraglide/messages/staffcoupons_offline1.js';
import { staffCoupons_over } from '@/paraglide/messages/staffcoupons_over1.js';
import { staffCoupons_per_user_limit } from '@/paraglide/messages/staffcoupons_per_user_limit1.js';
import { staffCoupons_percent_off } from '@/paraglide/messages/staffcoupons_percent_off1.js';
import { staffCoupons_rupees_off } from '@/paraglide/messages/staffcoupons_rupees_off1.js';
import { staffCoupons_save } from '@/paraglide/messages/staffcoupons_save1.js';
import { staffCoupons_starts } from '@/paraglide/messages/staffcoupons_starts1.js';
import { staffCoupons_state } from '@/paraglide/messages/staffcoupons_state1.js';
import { staffCoupons_title } from '@/paraglide/messages/staffcoupons_title1.js';
import { staffCoupons_usage_limit } from '@/paraglide/messages/staffcoupons_usage_limit1.js';
import { staffCoupons_uses } from '@/paraglide/messages/staffcoupons_uses1.js';

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
      const message = applyServerError(form, error, staffCoupons_offline());
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
        <TextInput
          label={staffCoupons_code()}
          required
          description={staffCoupons_code_hint()}
          {...form.getInputProps('code')}
        />
        <TextInput label={staffCoupons_description()} {...form.getInputProps('description')} />
        <SegmentedControl
          aria-label={staffCoupons_kind()}
          data={[
            { value: 'percent', label: staffCoupons_percent_off() },
            { value: 'flat', label: staffCoupons_rupees_off() },
          ]}
          {...form.getInputProps('kind')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label={percent ? staffCoupons_percent_off() : staffCoupons_rupees_off()}
            required
            min={1}
            max={percent ? 100 : undefined}
            {...form.getInputProps('value')}
          />
          <NumberInput label={staffCoupons_min_order()} min={0} {...form.getInputProps('min_order')} />
          {percent ? (
            <NumberInput label={staffCoupons_max_discount()} min={1} {...form.getInputProps('max_discount')} />
          ) : null}
          <TextInput type="datetime-local" label={staffCoupons_starts()} {...form.getInputProps('starts_at')} />
          <TextInput type="datetime-local" label={staffCoupons_ends_at()} {...form.getInputProps('ends_at')} />
          <NumberInput
            label={staffCoupons_usage_limit()}
            min={1}
            allowDecimal={false}
            {...form.getInputProps('usage_limit')}
          />
          <NumberInput
            label={staffCoupons_per_user_limit()}
            min={1}
            allowDecimal={false}
            {...form.getInputProps('per_user_limit')}
          />
        </SimpleGrid>
        <Switch label={staffCoupons_active()} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {coupon ? staffCoupons_save() : staffCoupons_add()}
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
    <AdminPage
      title={staffCoupons_title()}
      actions={<Button onClick={() => setEditing('new')}>{staffCoupons_new()}</Button>}
    >
      <ListStates
        query={query}
        what={adminUi_what_coupons()}
        isEmpty={(data) => data.length === 0}
        empty={staffCoupons_none()}
      >
        {(data) => (
          <div className={classes.tableScroll}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{staffCoupons_code()}</Table.Th>
                  {/* Next to the code, so that on a phone it shows without scrolling the table. */}
                  <Table.Th>{staffCoupons_state()}</Table.Th>
                  <Table.Th>{staffCoupons_discount()}</Table.Th>
                  <Table.Th>{staffCoupons_ends()}</Table.Th>
                  <Table.Th ta="right">{staffCoupons_uses()}</Table.Th>
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
                        onLabel={staffCoupons_active()}
                        offLabel={hasEnded(coupon) ? staffCoupons_expired() : staffCoupons_off()}
                      />
                    </Table.Td>
                    <Table.Td>
                      {coupon.kind === 'percent' ? `${coupon.value}%` : formatInr(coupon.value)}
                      {coupon.min_order > 0 ? staffCoupons_over({ amount: formatInr(coupon.min_order) }) : ''}
                    </Table.Td>
                    <Table.Td>{coupon.ends_at ? formatDateTime(coupon.ends_at) : staffCoupons_never()}</Table.Td>
                    <Table.Td ta="right">
                      {coupon.uses}
                      {coupon.usage_limit ? ` / ${coupon.usage_limit}` : ''}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setEditing(coupon.id)}
                        aria-label={staffCoupons_edit_label({ code: coupon.code })}
                      >
                        {staffCoupons_edit()}
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
        title={editing === 'new' ? staffCoupons_new() : staffCoupons_change()}
        size="lg"
      >
        {editing !== null ? (
          <CouponForm key={String(editing)} coupon={edited ?? null} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </AdminPage>
  );
}

import { adminUi_what_orders } from '@/paraglide/messages/adminui_what_orders1.js';
import { Alert, Anchor, Button, Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { SearchForm } from '@/components/admin/search-form';
import { ListStates } from '@/components/admin/list-states';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { PageNav } from '@/components/query-states';
import { type OrderStatus, orderStatuses } from '@/contract/order-statuses';
import { formatDateTime, formatInr } from '@/lib/money';
import { statusLabels } from '@/lib/order-status-labels';
import { ApiError } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import {
  downloadStaffOrdersCsv,
  STAFF_ORDERS_PER_PAGE,
  type StaffOrderFilters,
  staffOrdersQuery,
} from '../api/staff-orders';
import { downloadInvoiceRegister } from '../api/invoices';
import { ShopLegalCard } from './shop-legal-card';
import { staffOrders_all } from '@/paraglide/messages/stafforders_all1.js';
import { staffOrders_export } from '@/paraglide/messages/stafforders_export1.js';
import { staffOrders_export_failed } from '@/paraglide/messages/stafforders_export_failed1.js';
import { staffOrders_find } from '@/paraglide/messages/stafforders_find1.js';
import { staffOrders_find_hint } from '@/paraglide/messages/stafforders_find_hint1.js';
import { staffOrders_from } from '@/paraglide/messages/stafforders_from1.js';
import { staffOrders_items_one } from '@/paraglide/messages/stafforders_items_one1.js';
import { staffOrders_items_other } from '@/paraglide/messages/stafforders_items_other1.js';
import { staffOrders_none } from '@/paraglide/messages/stafforders_none1.js';
import { staffOrders_number } from '@/paraglide/messages/stafforders_number1.js';
import { staffOrders_status } from '@/paraglide/messages/stafforders_status1.js';
import { staffOrders_title } from '@/paraglide/messages/stafforders_title1.js';
import { staffOrders_until } from '@/paraglide/messages/stafforders_until1.js';
import { gst_register } from '@/paraglide/messages/gst_register.js';
import { gst_register_failed } from '@/paraglide/messages/gst_register_failed.js';

/**
 * Every order, newest first: filtered by status and the days they were placed on, found by order number or the
 * shopper's email or phone, and exported as the list shows them (CSV, for the accounts). Rows are cards, so that a
 * manager on a phone reads them without scrolling sideways.
 */
export function StaffOrdersPage({
  filters,
  onChange,
}: {
  filters: StaffOrderFilters;
  onChange: (next: StaffOrderFilters) => void;
}) {
  const query = useQuery(staffOrdersQuery(filters));
  const [exporting, setExporting] = useState(false);
  const [exportingRegister, setExportingRegister] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const day = (value: string) => (value === '' ? undefined : value);
  const pages = query.data ? Math.ceil(query.data.meta.total / STAFF_ORDERS_PER_PAGE) : 0;
  return (
    <AdminPage title={staffOrders_title()}>
      <SearchForm
        label={staffOrders_find()}
        description={staffOrders_find_hint()}
        value={filters.search}
        onSearch={(search) => onChange({ ...filters, search, page: 1 })}
      />
      <SegmentedControl
        aria-label={staffOrders_status()}
        fullWidth
        size="xs"
        data={[
          { value: 'all', label: staffOrders_all() },
          ...orderStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
        ]}
        value={filters.status ?? 'all'}
        onChange={(value) =>
          onChange({ ...filters, status: value === 'all' ? undefined : (value as OrderStatus), page: 1 })
        }
        styles={{ root: { flexWrap: 'wrap' } }}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={staffOrders_from()}
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => onChange({ ...filters, from: day(event.currentTarget.value), page: 1 })}
        />
        <TextInput
          type="date"
          label={staffOrders_until()}
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => onChange({ ...filters, to: day(event.currentTarget.value), page: 1 })}
        />
        <Button
          variant="light"
          loading={exporting}
          onClick={() => {
            setExporting(true);
            setExportError(null);
            downloadStaffOrdersCsv(filters)
              .catch((error: unknown) =>
                setExportError(error instanceof ApiError ? error.message : staffOrders_export_failed()),
              )
              .finally(() => setExporting(false));
          }}
        >
          {staffOrders_export()}
        </Button>
        <Button
          variant="light"
          loading={exportingRegister}
          onClick={() => {
            setExportingRegister(true);
            setExportError(null);
            downloadInvoiceRegister({ from: filters.from, to: filters.to })
              .catch((error: unknown) =>
                setExportError(error instanceof ApiError ? error.message : gst_register_failed()),
              )
              .finally(() => setExportingRegister(false));
          }}
        >
          {gst_register()}
        </Button>
      </Group>
      {exportError ? (
        <Alert color="red" variant="light" role="alert">
          {exportError}
        </Alert>
      ) : null}
      <ListStates
        query={query}
        what={adminUi_what_orders()}
        isEmpty={(data) => data.data.length === 0}
        empty={staffOrders_none()}
      >
        {(data) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={staffOrders_title()}>
            {data.data.map((order) => (
              <Card key={order.id} component="li" withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor
                    renderRoot={(props) => (
                      <Link {...props} to="/admin/orders/$orderId" params={{ orderId: order.id }} />
                    )}
                    fw={700}
                  >
                    {staffOrders_number({ id: order.id })}
                  </Anchor>
                  <OrderStatusBadge status={order.status} />
                </Group>
                <Text fz="sm">
                  {order.customer_email ? `${order.customer_name} · ${order.customer_email}` : order.customer_name}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text fz="sm" c="dimmed">
                    {formatDateTime(order.created_at)} ·{' '}
                    {plural(order.item_count, { one: staffOrders_items_one, other: staffOrders_items_other })}
                  </Text>
                  <Text fw={600}>{formatInr(order.total)}</Text>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </ListStates>
      <PageNav total={pages} value={filters.page} onChange={(page) => onChange({ ...filters, page })} />
      <ShopLegalCard />
    </AdminPage>
  );
}

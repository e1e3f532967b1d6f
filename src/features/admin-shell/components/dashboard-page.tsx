import { Anchor, Card, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { LoadError, LoadingState } from '@/components/query-states';
import { dashboardResponseSchema } from '@/contract/admin';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { formatInr } from '@/lib/money';
import { plural } from '@/lib/plural';
import { admin_area_dashboard } from '@/paraglide/messages/admin_area_dashboard.js';
import { admin_dashboard_error } from '@/paraglide/messages/admin_dashboard_error.js';
import { admin_dashboard_loading } from '@/paraglide/messages/admin_dashboard_loading.js';
import { admin_dashboard_what } from '@/paraglide/messages/admin_dashboard_what.js';
import { admin_left_one } from '@/paraglide/messages/admin_left_one.js';
import { admin_left_other } from '@/paraglide/messages/admin_left_other.js';
import { admin_low_stock } from '@/paraglide/messages/admin_low_stock.js';
import { admin_low_stock_none } from '@/paraglide/messages/admin_low_stock_none.js';
import { admin_new_messages } from '@/paraglide/messages/admin_new_messages.js';
import { admin_on_the_way } from '@/paraglide/messages/admin_on_the_way.js';
import { admin_out_of_stock } from '@/paraglide/messages/admin_out_of_stock.js';
import { admin_to_confirm } from '@/paraglide/messages/admin_to_confirm.js';
import { admin_to_ship } from '@/paraglide/messages/admin_to_ship.js';
import { admin_today_orders } from '@/paraglide/messages/admin_today_orders.js';
import { adminAreas, canOpen, useStaffRole } from '../hooks/admin-areas';

/** One figure of the dashboard, its number the link to the list it counts. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {children}
      </Text>
    </Card>
  );
}

/** What waits for the shop's team; the other staff see the areas they look after. */
function ShopFigures() {
  const query = useQuery({
    queryKey: adminKeys.area('dashboard'),
    queryFn: ({ signal }) => adminRequest('/dashboard', { schema: dashboardResponseSchema, signal }),
    select: (answer) => answer.data,
  });
  if (query.isPending) return <LoadingState label={admin_dashboard_loading()} />;
  if (query.isError) {
    return (
      <LoadError
        title={admin_dashboard_error()}
        error={query.error}
        what={admin_dashboard_what()}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const data = query.data;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Figure label={admin_to_confirm()}>
          <Anchor renderRoot={(props) => <Link {...props} to="/admin/orders" search={{ status: 'placed' }} />} inherit>
            {data.orders_waiting.placed}
          </Anchor>
        </Figure>
        <Figure label={admin_to_ship()}>
          <Anchor
            renderRoot={(props) => <Link {...props} to="/admin/orders" search={{ status: 'confirmed' }} />}
            inherit
          >
            {data.orders_waiting.confirmed}
          </Anchor>
        </Figure>
        <Figure label={admin_on_the_way()}>
          <Anchor renderRoot={(props) => <Link {...props} to="/admin/orders" search={{ status: 'shipped' }} />} inherit>
            {data.orders_waiting.shipped}
          </Anchor>
        </Figure>
        <Figure label={admin_new_messages()}>
          <Anchor renderRoot={(props) => <Link {...props} to="/admin/messages" search={{ status: 'new' }} />} inherit>
            {data.new_messages}
          </Anchor>
        </Figure>
        <Figure label={admin_today_orders({ total: formatInr(data.today_total) })}>
          <Anchor component={Link} to="/admin/orders" inherit>
            {data.today_orders}
          </Anchor>
        </Figure>
      </SimpleGrid>
      <section aria-labelledby="low-stock-heading">
        <Title order={2} fz="h4" mb="xs" id="low-stock-heading">
          {admin_low_stock()}
        </Title>
        {data.low_stock.length === 0 ? (
          <Text c="dimmed">{admin_low_stock_none()}</Text>
        ) : (
          <List spacing={4}>
            {data.low_stock.map((product) => (
              <List.Item key={product.id}>
                <Anchor
                  renderRoot={(props) => (
                    <Link {...props} to="/admin/products/$productId" params={{ productId: product.id }} />
                  )}
                >
                  {product.name}
                </Anchor>{' '}
                <Text span c={product.stock === 0 ? 'red' : 'dimmed'}>
                  {product.stock === 0
                    ? admin_out_of_stock()
                    : plural(product.stock, { one: admin_left_one, other: admin_left_other })}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </>
  );
}

export function DashboardPage() {
  const role = useStaffRole();
  const showsShop = role === 'admin' || role === 'shop_manager';
  return (
    <AdminPage title={admin_area_dashboard()}>
      {showsShop ? <ShopFigures /> : null}
      <Group gap="xs">
        {adminAreas
          .filter((area) => area.to !== '/admin' && canOpen(role, area))
          .map((area) => (
            <Anchor key={area.to} component={Link} to={area.to}>
              {area.label()}
            </Anchor>
          ))}
      </Group>
    </AdminPage>
  );
}

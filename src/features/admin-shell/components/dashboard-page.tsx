import { Anchor, Card, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { LoadError, LoadingState } from '@/components/query-states';
import { dashboardResponseSchema } from '@/contract/admin';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { formatInr } from '@/lib/money';
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
  if (query.isPending) return <LoadingState label="Loading the dashboard" />;
  if (query.isError) {
    return (
      <LoadError
        title="The dashboard could not be loaded"
        error={query.error}
        what="dashboard"
        onRetry={() => void query.refetch()}
      />
    );
  }
  const data = query.data;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Figure label="To confirm">
          <Anchor renderRoot={(props) => <Link {...props} to="/admin/orders" search={{ status: 'placed' }} />} inherit>
            {data.orders_waiting.placed}
          </Anchor>
        </Figure>
        <Figure label="To ship">
          <Anchor
            renderRoot={(props) => <Link {...props} to="/admin/orders" search={{ status: 'confirmed' }} />}
            inherit
          >
            {data.orders_waiting.confirmed}
          </Anchor>
        </Figure>
        <Figure label="On the way">
          <Anchor renderRoot={(props) => <Link {...props} to="/admin/orders" search={{ status: 'shipped' }} />} inherit>
            {data.orders_waiting.shipped}
          </Anchor>
        </Figure>
        <Figure label="New messages">
          <Anchor renderRoot={(props) => <Link {...props} to="/admin/messages" search={{ status: 'new' }} />} inherit>
            {data.new_messages}
          </Anchor>
        </Figure>
        <Figure label={`Today’s orders (${formatInr(data.today_total)})`}>
          <Anchor component={Link} to="/admin/orders" inherit>
            {data.today_orders}
          </Anchor>
        </Figure>
      </SimpleGrid>
      <section aria-labelledby="low-stock-heading">
        <Title order={2} fz="h4" mb="xs" id="low-stock-heading">
          Low stock
        </Title>
        {data.low_stock.length === 0 ? (
          <Text c="dimmed">Every product on sale has more than 5 in stock.</Text>
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
                  {product.stock === 0 ? 'out of stock' : `${product.stock} left`}
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
    <AdminPage title="Dashboard">
      {showsShop ? <ShopFigures /> : null}
      <Group gap="xs">
        {adminAreas
          .filter((area) => area.to !== '/admin' && canOpen(role, area))
          .map((area) => (
            <Anchor key={area.to} component={Link} to={area.to}>
              {area.label}
            </Anchor>
          ))}
      </Group>
    </AdminPage>
  );
}

import { adminUi_what_products } from '@/paraglide/messages/adminui_what_products1.js';
import { Anchor, Button, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import classes from '@/components/admin/admin.module.css';
import { AdminPage } from '@/components/admin/admin-page';
import { StateBadge } from '@/components/admin/state-badge';
import { SearchForm } from '@/components/admin/search-form';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import { formatInr } from '@/lib/money';
import { STAFF_PRODUCTS_PER_PAGE, type StaffProductFilters, staffProductsQuery } from '../api/staff-products';
import { staffProducts_category } from '@/paraglide/messages/staffproducts_category1.js';
import { staffProducts_find } from '@/paraglide/messages/staffproducts_find1.js';
import { staffProducts_hidden } from '@/paraglide/messages/staffproducts_hidden1.js';
import { staffProducts_name } from '@/paraglide/messages/staffproducts_name1.js';
import { staffProducts_new } from '@/paraglide/messages/staffproducts_new1.js';
import { staffProducts_none } from '@/paraglide/messages/staffproducts_none1.js';
import { staffProducts_on_sale } from '@/paraglide/messages/staffproducts_on_sale1.js';
import { staffProducts_price } from '@/paraglide/messages/staffproducts_price1.js';
import { staffProducts_stock } from '@/paraglide/messages/staffproducts_stock1.js';
import { staffProducts_title } from '@/paraglide/messages/staffproducts_title1.js';
import { staffProducts_visible } from '@/paraglide/messages/staffproducts_visible1.js';

/** Every product, hidden ones too, found by name; each opens its edit screen. */
export function StaffProductsPage({
  filters,
  onChange,
}: {
  filters: StaffProductFilters;
  onChange: (next: StaffProductFilters) => void;
}) {
  const query = useQuery(staffProductsQuery(filters));
  const pages = query.data ? Math.ceil(query.data.meta.total / STAFF_PRODUCTS_PER_PAGE) : 0;
  return (
    <AdminPage
      title={staffProducts_title()}
      actions={
        <Button component={Link} to="/admin/products/new">
          {staffProducts_new()}
        </Button>
      }
    >
      <SearchForm
        label={staffProducts_find()}
        value={filters.search}
        onSearch={(search) => onChange({ ...filters, search, page: 1 })}
      />
      <ListStates
        query={query}
        what={adminUi_what_products()}
        isEmpty={(data) => data.data.length === 0}
        empty={staffProducts_none()}
      >
        {(data) => (
          <div className={classes.tableScroll}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{staffProducts_name()}</Table.Th>
                  <Table.Th>{staffProducts_category()}</Table.Th>
                  <Table.Th ta="right">{staffProducts_price()}</Table.Th>
                  <Table.Th ta="right">{staffProducts_stock()}</Table.Th>
                  <Table.Th>{staffProducts_on_sale()}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((product) => (
                  <Table.Tr key={product.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link {...props} to="/admin/products/$productId" params={{ productId: product.id }} />
                        )}
                      >
                        {product.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{product.category}</Table.Td>
                    <Table.Td ta="right">{formatInr(product.price)}</Table.Td>
                    <Table.Td ta="right">{product.stock}</Table.Td>
                    <Table.Td>
                      <StateBadge
                        on={product.visible}
                        onLabel={staffProducts_visible()}
                        offLabel={staffProducts_hidden()}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </ListStates>
      <PageNav total={pages} value={filters.page} onChange={(page) => onChange({ ...filters, page })} />
    </AdminPage>
  );
}

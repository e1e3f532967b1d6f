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
      title="Products"
      actions={
        <Button component={Link} to="/admin/products/new">
          New product
        </Button>
      }
    >
      <SearchForm
        label="Find a product"
        value={filters.search}
        onSearch={(search) => onChange({ ...filters, search, page: 1 })}
      />
      <ListStates query={query} what="products" isEmpty={(data) => data.data.length === 0} empty="No products match.">
        {(data) => (
          <div className={classes.tableScroll}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Stock</Table.Th>
                  <Table.Th>On sale</Table.Th>
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
                      <StateBadge on={product.visible} onLabel="Visible" offLabel="Hidden" />
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

import { Button, NativeSelect, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState, PageNav } from '@/components/query-states';
import { productSorts, type Product, type ProductSort } from '@/contract/catalog';
import type { ProductFilters } from '../api/catalog-keys';
import { productsQueryOptions } from '../api/get-products';
import classes from './catalog.module.css';
import { ProductCard } from './product-card';

/** Typing waits this long before the address and the list change: one request per pause, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

const sortLabels: Record<ProductSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

export interface ShopPageProps {
  filters: ProductFilters;
  onFiltersChange: (next: ProductFilters, replace?: boolean) => void;
  /** Buttons under each card (wishlist), composed by the route. */
  renderCardActions?: (product: Product) => React.ReactNode;
}

/** The merchandise grid: search, category, sort and pages, all kept in the address. */
export function ShopPage({ filters, onFiltersChange, renderCardActions }: ShopPageProps) {
  const query = useQuery(productsQueryOptions(filters));
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const applySearch = useDebouncedCallback((value: string) => {
    onFiltersChange({ ...filters, search: value.trim() || undefined, page: undefined }, true);
  }, SEARCH_DEBOUNCE_MS);
  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.meta.total / data.meta.per_page)) : 1;

  return (
    <PageContainer>
      <DocumentTitle page="Shop" />
      <Title order={1} className={classes.title}>
        CineVerse Store
      </Title>
      <div className={classes.filters}>
        <TextInput
          label="Search products"
          type="search"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
        {/* Native selects: the phone's own picker, and no option list to build when the page starts. */}
        <NativeSelect
          label="Category"
          data={[
            { value: '', label: 'All categories' },
            ...(data?.meta.categories ?? (filters.category ? [filters.category] : [])),
          ]}
          value={filters.category ?? ''}
          onChange={(event) =>
            onFiltersChange({ ...filters, category: event.currentTarget.value || undefined, page: undefined })
          }
        />
        <NativeSelect
          label="Sort by"
          data={productSorts.map((value) => ({ value, label: sortLabels[value] }))}
          value={filters.sort ?? 'newest'}
          onChange={(event) => {
            const sort = event.currentTarget.value as ProductSort;
            onFiltersChange({ ...filters, sort: sort !== 'newest' ? sort : undefined, page: undefined });
          }}
        />
      </div>

      {query.isPending ? <LoadingState label="Loading products" /> : null}
      {query.isError && !data ? (
        <LoadError
          title="The products could not be loaded"
          what="list"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}

      {data ? (
        <>
          {data.meta.total > 0 ? (
            <Text size="sm" c="dimmed" mb="sm" role="status">
              {data.meta.total === 1 ? '1 product' : `${data.meta.total} products`}
              {filters.search || filters.category
                ? data.meta.total === 1
                  ? ' matches your search'
                  : ' match your search'
                : ''}
            </Text>
          ) : null}
          {data.data.length === 0 ? (
            <div className={classes.empty}>
              <Text mb="sm">No products match your search.</Text>
              <Button
                variant="light"
                onClick={() => {
                  setSearchText('');
                  onFiltersChange({});
                }}
              >
                Clear filters
              </Button>
            </div>
          ) : (
            <SimpleGrid
              cols={{ base: 2, sm: 3, md: 4 }}
              spacing={{ base: 'xs', sm: 'md' }}
              aria-busy={query.isFetching}
            >
              {data.data.map((product, index) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  eager={index < 4}
                  actions={renderCardActions?.(product)}
                />
              ))}
            </SimpleGrid>
          )}
          <PageNav
            total={totalPages}
            value={data.meta.page}
            onChange={(page) => onFiltersChange({ ...filters, page: page > 1 ? page : undefined })}
            className={classes.pagination}
          />
        </>
      ) : null}
    </PageContainer>
  );
}

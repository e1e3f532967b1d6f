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
import { shop_all_categories } from '@/paraglide/messages/shop_all_categories.js';
import { shop_category } from '@/paraglide/messages/shop_category.js';
import { shop_clear_filters } from '@/paraglide/messages/shop_clear_filters.js';
import { shop_count_one } from '@/paraglide/messages/shop_count_one.js';
import { shop_count_other } from '@/paraglide/messages/shop_count_other.js';
import { shop_heading } from '@/paraglide/messages/shop_heading.js';
import { shop_load_failed } from '@/paraglide/messages/shop_load_failed.js';
import { shop_loading } from '@/paraglide/messages/shop_loading.js';
import { shop_matching_one } from '@/paraglide/messages/shop_matching_one.js';
import { shop_matching_other } from '@/paraglide/messages/shop_matching_other.js';
import { shop_none } from '@/paraglide/messages/shop_none.js';
import { shop_search } from '@/paraglide/messages/shop_search.js';
import { shop_sort_by } from '@/paraglide/messages/shop_sort_by.js';
import { shop_sort_newest } from '@/paraglide/messages/shop_sort_newest.js';
import { shop_sort_price_asc } from '@/paraglide/messages/shop_sort_price_asc.js';
import { shop_sort_price_desc } from '@/paraglide/messages/shop_sort_price_desc.js';
import { shop_title } from '@/paraglide/messages/shop_title.js';
import { plural } from '@/lib/plural';

/** Typing waits this long before the address and the list change: one request per pause, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

/** Read when rendered, in the page's language. */
const sortLabels: Record<ProductSort, () => string> = {
  newest: shop_sort_newest,
  price_asc: shop_sort_price_asc,
  price_desc: shop_sort_price_desc,
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
      <DocumentTitle page={shop_title()} />
      <Title order={1} className={classes.title}>
        {shop_heading()}
      </Title>
      <div className={classes.filters}>
        <TextInput
          label={shop_search()}
          type="search"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
        {/* Native selects: the phone's own picker, and no option list to build when the page starts. */}
        <NativeSelect
          label={shop_category()}
          data={[
            { value: '', label: shop_all_categories() },
            ...(data?.meta.categories ?? (filters.category ? [filters.category] : [])),
          ]}
          value={filters.category ?? ''}
          onChange={(event) =>
            onFiltersChange({ ...filters, category: event.currentTarget.value || undefined, page: undefined })
          }
        />
        <NativeSelect
          label={shop_sort_by()}
          data={productSorts.map((value) => ({ value, label: sortLabels[value]() }))}
          value={filters.sort ?? 'newest'}
          onChange={(event) => {
            const sort = event.currentTarget.value as ProductSort;
            onFiltersChange({ ...filters, sort: sort !== 'newest' ? sort : undefined, page: undefined });
          }}
        />
      </div>

      {query.isPending ? <LoadingState label={shop_loading()} /> : null}
      {query.isError && !data ? (
        <LoadError title={shop_load_failed()} what="list" error={query.error} onRetry={() => void query.refetch()} />
      ) : null}

      {data ? (
        <>
          {data.meta.total > 0 ? (
            <Text size="sm" c="dimmed" mb="sm" role="status">
              {filters.search || filters.category
                ? plural(data.meta.total, { one: shop_matching_one, other: shop_matching_other })
                : plural(data.meta.total, { one: shop_count_one, other: shop_count_other })}
            </Text>
          ) : null}
          {data.data.length === 0 ? (
            <div className={classes.empty}>
              <Text mb="sm">{shop_none()}</Text>
              <Button
                variant="light"
                onClick={() => {
                  setSearchText('');
                  onFiltersChange({});
                }}
              >
                {shop_clear_filters()}
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

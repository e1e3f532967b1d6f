import { Badge, Button, Group, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState, PageNav } from '@/components/query-states';
import type { DirectoryEntry } from '@/contract/directory';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { telHref } from '@/lib/phone';
import { safeHref } from '@/lib/safe-url';
import { CategoryNotFoundError, directoryPageQueryOptions, type DirectoryFilters } from '../api/get-directory-page';
import classes from './directory.module.css';

/** Typing waits this long before the address and the list change: one request per pause, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

function EntryCard({ entry }: { entry: DirectoryEntry }) {
  const website = safeHref(entry.website);
  return (
    <article className={classes.card}>
      {entry.photo ? (
        <img
          className={classes.photo}
          src={imageUrl(entry.photo, 'directory')}
          srcSet={imageSrcSet(entry.photo, 'directory')}
          sizes="(max-width: 36em) 100vw, 400px"
          alt={`Photo of ${entry.name}`}
          width={400}
          height={400}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className={classes.body}>
        <h2 className={classes.name}>{entry.name}</h2>
        <Badge variant="light" color="gray" className={classes.city}>
          {entry.city}
        </Badge>
        {entry.description ? <p className={classes.description}>{entry.description}</p> : null}
        <ul className={classes.contacts} aria-label={`Contact ${entry.name}`}>
          {entry.phone ? (
            <li>
              <a href={telHref(entry.phone)}>Call {entry.phone}</a>
            </li>
          ) : null}
          {entry.email ? (
            <li>
              <a href={`mailto:${entry.email}`}>Email {entry.email}</a>
            </li>
          ) : null}
          {website ? (
            <li>
              <a href={website} target="_blank" rel="noopener noreferrer">
                Website
              </a>
            </li>
          ) : null}
        </ul>
      </div>
    </article>
  );
}

export interface DirectoryPageProps {
  categoryName: string;
  filters: DirectoryFilters;
  /** `replace` swaps the history entry (typing a search) instead of adding one (a new page, a city). */
  onFiltersChange: (next: DirectoryFilters, replace?: boolean) => void;
}

/** A category's directory: search by name, filter by city, pages of entries. */
export function DirectoryPage({ categoryName, filters, onFiltersChange }: DirectoryPageProps) {
  const query = useQuery(directoryPageQueryOptions(categoryName, filters));
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const applySearch = useDebouncedCallback((value: string) => {
    onFiltersChange({ ...filters, search: value.trim() || undefined, page: undefined }, true);
  }, SEARCH_DEBOUNCE_MS);

  if (query.error instanceof CategoryNotFoundError) {
    return (
      <PageContainer>
        <div className={classes.notFound}>
          <DocumentTitle page="Category not found" />
          <Title order={1}>Category not found</Title>
          <Text mt="sm" mb="lg">
            There is no “{categoryName}” category in the directory. It may have been renamed or removed.
          </Text>
          <Button component={Link} to="/">
            Back to Homepage
          </Button>
        </div>
      </PageContainer>
    );
  }

  const data = query.data;
  const title = data?.category.name ?? categoryName;
  const hasFilters = Boolean(filters.search || filters.city);

  return (
    <PageContainer>
      <DocumentTitle page={title} />
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      {data?.category.description ? <Text mb="lg">{data.category.description}</Text> : null}

      <Group align="flex-end" gap="md" mb="md" className={classes.filters}>
        <TextInput
          label="Search by name"
          type="search"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          className={classes.search}
        />
        <Select
          label="City"
          placeholder="All cities"
          data={data?.cities ?? (filters.city ? [filters.city] : [])}
          value={filters.city ?? null}
          onChange={(city) => onFiltersChange({ ...filters, city: city ?? undefined, page: undefined })}
          clearable
          allowDeselect
          comboboxProps={{ withinPortal: true }}
          className={classes.citySelect}
        />
      </Group>

      {query.isPending ? <LoadingState label="Loading entries" /> : null}
      {query.isError && !data ? (
        <LoadError
          title="The directory could not be loaded"
          what="list"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}

      {data ? (
        <>
          <Text size="sm" c="dimmed" mb="sm" role="status">
            {data.total === 1 ? '1 entry' : `${data.total} entries`}
            {hasFilters ? ' match your search' : ''}
          </Text>
          {data.entries.length === 0 ? (
            <div className={classes.empty}>
              <Text mb="sm">No entries match your search.</Text>
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
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-busy={query.isFetching}>
              {data.entries.map((entry) => (
                <EntryCard key={entry.id} entry={entry} />
              ))}
            </SimpleGrid>
          )}
          <PageNav
            total={data.totalPages}
            value={data.page}
            onChange={(page) => onFiltersChange({ ...filters, page: page > 1 ? page : undefined })}
            className={classes.pagination}
          />
        </>
      ) : null}
    </PageContainer>
  );
}

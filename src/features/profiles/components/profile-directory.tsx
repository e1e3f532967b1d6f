// The playing-age field's stylesheet, loaded with the directory's code (src/app/mantine-styles.ts has the rest).
import '@mantine/core/styles/NumberInput.css';
import { Badge, Button, Checkbox, NumberInput, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState, PageNav } from '@/components/query-states';
import { crafts, genders, PERSON_CATEGORY, PROFILE_COUNT_LIMIT, type ProfileCard } from '@/contract/profiles';
import { directorySearch } from '@/lib/search-params';
import type { ProfileFilters } from '../api/profile-keys';
import { directoryCategory, PROFILES_PER_PAGE, profileListQueryOptions } from '../api/profile-queries';
import { craftLabels, genderLabels, photoSrcSet } from './profile-labels';
import classes from './profiles.module.css';

/** Typing waits this long before the address and the list change: one request per pause, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

function ProfileCardView({ card }: { card: ProfileCard }) {
  return (
    <Link to="/profiles/$handle" params={{ handle: card.handle }} className={classes.card}>
      {card.photo ? (
        <img
          className={classes.cardPhoto}
          src={card.photo}
          srcSet={photoSrcSet(card.photo)}
          sizes="88px"
          alt={`Photo of ${card.display_name}`}
          width={88}
          height={88}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={classes.cardPhoto} aria-hidden />
      )}
      <span>
        <h2 className={classes.cardName}>{card.display_name}</h2>
        {card.verified ? (
          <Badge color="teal.9" variant="filled" size="sm">
            Verified
          </Badge>
        ) : null}
        <Text size="sm">{card.headline}</Text>
        <Text size="sm" c="dimmed">
          {[card.crafts.map((craft) => craftLabels[craft]).join(', '), card.city].filter(Boolean).join(' · ')}
        </Text>
      </span>
    </Link>
  );
}

export interface ProfileDirectoryProps {
  categoryName: string;
  filters: ProfileFilters;
  /** `replace` swaps the history entry (typing a search) instead of adding one. */
  onFiltersChange: (next: ProfileFilters, replace?: boolean) => void;
}

/**
 * `/category/{name}`: the category's public profiles, with search (name, skill, headline), filters (craft, language,
 * city, gender and playing age for people; verified only), sort and pages.
 */
export function ProfileDirectory({ categoryName, filters, onFiltersChange }: ProfileDirectoryProps) {
  const category = directoryCategory(categoryName);
  const query = useQuery({ ...profileListQueryOptions(category ?? categoryName, filters), enabled: !!category });
  const [text, setText] = useState({
    search: filters.search ?? '',
    language: filters.language ?? '',
    city: filters.city ?? '',
  });
  // The three text fields go to the address together: a pause after typing in one keeps what was typed in another.
  const applyText = useDebouncedCallback((next: typeof text) => {
    onFiltersChange(
      {
        ...filters,
        search: next.search.trim() || undefined,
        language: next.language.trim() || undefined,
        city: next.city.trim() || undefined,
        page: undefined,
      },
      true,
    );
  }, SEARCH_DEBOUNCE_MS);
  const change = (next: Partial<ProfileFilters>) => onFiltersChange({ ...filters, ...next, page: undefined });

  if (!category) {
    return (
      <PageContainer>
        <DocumentTitle page="Category not found" />
        <Title order={1}>Category not found</Title>
        <Text mt="sm" mb="lg">
          There is no “{categoryName}” category in the directory. It may have been renamed or removed.
        </Text>
        <Button renderRoot={(props) => <Link {...props} to="/" />}>Back to Homepage</Button>
      </PageContainer>
    );
  }

  const isPeople = category === PERSON_CATEGORY;
  const data = query.data;
  const textInput = (key: 'search' | 'language' | 'city', label: string) => (
    <TextInput
      label={label}
      type={key === 'search' ? 'search' : 'text'}
      value={text[key]}
      onChange={(event) => {
        const next = { ...text, [key]: event.currentTarget.value };
        setText(next);
        applyText(next);
      }}
    />
  );
  const total = data?.meta.total ?? 0;
  // The directory's own filters, as its route reads them: a link's other names (`?utm_source=…`) filter nothing.
  const hasFilters = Object.entries(directorySearch(filters)).some(
    ([key, value]) => key !== 'page' && value !== undefined,
  );

  return (
    <PageContainer>
      <DocumentTitle page={category} />
      <Title order={1} mb="md">
        {category}
      </Title>
      <div className={classes.filters}>
        {textInput('search', 'Search name, skill or headline')}
        {isPeople ? (
          <Select
            label="Craft"
            placeholder="Any craft"
            data={crafts.map((craft) => ({ value: craft, label: craftLabels[craft] }))}
            value={filters.craft ?? null}
            onChange={(craft) => change({ craft: craft ?? undefined })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {textInput('language', 'Language')}
        {textInput('city', 'City')}
        {isPeople ? (
          <>
            <Select
              label="Gender"
              placeholder="Any"
              data={genders.map((gender) => ({ value: gender, label: genderLabels[gender]! }))}
              value={filters.gender ?? null}
              onChange={(gender) => change({ gender: gender ?? undefined })}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label="Plays age"
              min={1}
              max={100}
              value={filters.age ?? ''}
              onChange={(age) => change({ age: typeof age === 'number' && age >= 1 && age <= 100 ? age : undefined })}
            />
          </>
        ) : null}
        <Select
          label="Sort"
          data={[
            { value: 'verified', label: 'Verified first' },
            { value: 'recent', label: 'Recently updated' },
          ]}
          value={filters.sort ?? 'verified'}
          onChange={(sort) => change({ sort: sort === 'recent' ? sort : undefined })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          label="Verified only"
          checked={filters.verified === 'true'}
          onChange={(event) => change({ verified: event.currentTarget.checked ? 'true' : undefined })}
          mb={8}
        />
      </div>

      {query.isPending ? <LoadingState label="Loading profiles" /> : null}
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
            {data.meta.total_capped
              ? `More than ${PROFILE_COUNT_LIMIT.toLocaleString('en-IN')} profiles: narrow the search to see them all`
              : total === 1
                ? '1 profile'
                : `${total} profiles`}
            {hasFilters && !data.meta.total_capped ? (total === 1 ? ' matches your search' : ' match your search') : ''}
          </Text>
          {data.data.length === 0 ? (
            <div>
              <Text mb="sm">No profiles match your search.</Text>
              <Button
                variant="light"
                onClick={() => {
                  setText({ search: '', language: '', city: '' });
                  onFiltersChange({});
                }}
              >
                Clear filters
              </Button>
            </div>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={query.isFetching}>
              {data.data.map((card) => (
                <ProfileCardView key={card.handle} card={card} />
              ))}
            </SimpleGrid>
          )}
          <PageNav
            total={Math.max(1, Math.ceil(total / PROFILES_PER_PAGE))}
            value={data.meta.page}
            onChange={(page) => onFiltersChange({ ...filters, page: page > 1 ? page : undefined })}
          />
        </>
      ) : null}
    </PageContainer>
  );
}

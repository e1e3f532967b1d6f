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
import { plural } from '@/lib/plural';
import { directorySearch } from '@/lib/search-params';
import type { ProfileFilters } from '../api/profile-keys';
import { directoryCategory, PROFILES_PER_PAGE, profileListQueryOptions } from '../api/profile-queries';
import { categoryLabel, craftLabels, genderLabels, photoSrcSet } from './profile-labels';
import classes from './profiles.module.css';
import { directory_any } from '@/paraglide/messages/directory_any.js';
import { directory_any_craft } from '@/paraglide/messages/directory_any_craft.js';
import { directory_city } from '@/paraglide/messages/directory_city.js';
import { directory_clear } from '@/paraglide/messages/directory_clear.js';
import { directory_count_capped } from '@/paraglide/messages/directory_count_capped.js';
import { directory_craft } from '@/paraglide/messages/directory_craft.js';
import { directory_count_one } from '@/paraglide/messages/directory_count_one.js';
import { directory_count_other } from '@/paraglide/messages/directory_count_other.js';
import { directory_matches_one } from '@/paraglide/messages/directory_matches_one.js';
import { directory_matches_other } from '@/paraglide/messages/directory_matches_other.js';
import { directory_gender } from '@/paraglide/messages/directory_gender.js';
import { directory_language } from '@/paraglide/messages/directory_language.js';
import { directory_load_error } from '@/paraglide/messages/directory_load_error.js';
import { directory_loading } from '@/paraglide/messages/directory_loading.js';
import { directory_no_match } from '@/paraglide/messages/directory_no_match.js';
import { directory_not_found } from '@/paraglide/messages/directory_not_found.js';
import { directory_not_found_text } from '@/paraglide/messages/directory_not_found_text.js';
import { directory_photo_of } from '@/paraglide/messages/directory_photo_of.js';
import { directory_plays_age } from '@/paraglide/messages/directory_plays_age.js';
import { directory_search } from '@/paraglide/messages/directory_search.js';
import { directory_sort } from '@/paraglide/messages/directory_sort.js';
import { directory_sort_recent } from '@/paraglide/messages/directory_sort_recent.js';
import { directory_sort_verified } from '@/paraglide/messages/directory_sort_verified.js';
import { directory_verified_only } from '@/paraglide/messages/directory_verified_only.js';
import { profiles_back_home } from '@/paraglide/messages/profiles_back_home.js';
import { profiles_verified } from '@/paraglide/messages/profiles_verified.js';

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
          alt={directory_photo_of({ name: card.display_name })}
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
            {profiles_verified()}
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
        <DocumentTitle page={directory_not_found()} />
        <Title order={1}>{directory_not_found()}</Title>
        <Text mt="sm" mb="lg">
          {directory_not_found_text({ name: categoryName })}
        </Text>
        <Button renderRoot={(props) => <Link {...props} to="/" />}>{profiles_back_home()}</Button>
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
      <DocumentTitle page={categoryLabel(category)} />
      <Title order={1} mb="md">
        {categoryLabel(category)}
      </Title>
      <div className={classes.filters}>
        {textInput('search', directory_search())}
        {isPeople ? (
          <Select
            label={directory_craft()}
            placeholder={directory_any_craft()}
            data={crafts.map((craft) => ({ value: craft, label: craftLabels[craft] }))}
            value={filters.craft ?? null}
            onChange={(craft) => change({ craft: craft ?? undefined })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {textInput('language', directory_language())}
        {textInput('city', directory_city())}
        {isPeople ? (
          <>
            <Select
              label={directory_gender()}
              placeholder={directory_any()}
              data={genders.map((gender) => ({ value: gender, label: genderLabels[gender]! }))}
              value={filters.gender ?? null}
              onChange={(gender) => change({ gender: gender ?? undefined })}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label={directory_plays_age()}
              min={1}
              max={100}
              value={filters.age ?? ''}
              onChange={(age) => change({ age: typeof age === 'number' && age >= 1 && age <= 100 ? age : undefined })}
            />
          </>
        ) : null}
        <Select
          label={directory_sort()}
          data={[
            { value: 'verified', label: directory_sort_verified() },
            { value: 'recent', label: directory_sort_recent() },
          ]}
          value={filters.sort ?? 'verified'}
          onChange={(sort) => change({ sort: sort === 'recent' ? sort : undefined })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          label={directory_verified_only()}
          checked={filters.verified === 'true'}
          onChange={(event) => change({ verified: event.currentTarget.checked ? 'true' : undefined })}
          mb={8}
        />
      </div>

      {query.isPending ? <LoadingState label={directory_loading()} /> : null}
      {query.isError && !data ? (
        <LoadError
          title={directory_load_error()}
          what="list"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {data ? (
        <>
          <Text size="sm" c="dimmed" mb="sm" role="status">
            {data.meta.total_capped
              ? directory_count_capped({ limit: PROFILE_COUNT_LIMIT.toLocaleString('en-IN') })
              : plural(total, { one: directory_count_one, other: directory_count_other })}
            {hasFilters && !data.meta.total_capped
              ? plural(total, { one: directory_matches_one, other: directory_matches_other })
              : ''}
          </Text>
          {data.data.length === 0 ? (
            <div>
              <Text mb="sm">{directory_no_match()}</Text>
              <Button
                variant="light"
                onClick={() => {
                  setText({ search: '', language: '', city: '' });
                  onFiltersChange({});
                }}
              >
                {directory_clear()}
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

// The playing-age field's stylesheet, loaded with this page's code (src/app/mantine-styles.ts has the rest).
import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState, PageNav } from '@/components/query-states';
import { projectTypes, type CallCard } from '@/contract/casting';
import { genders } from '@/contract/profiles';
import { useAppStore } from '@/lib/app-store';
import { plural } from '@/lib/plural';
import { auditions_any } from '@/paraglide/messages/auditions_any.js';
import { auditions_any_project } from '@/paraglide/messages/auditions_any_project.js';
import { auditions_apply_by } from '@/paraglide/messages/auditions_apply_by.js';
import { auditions_by } from '@/paraglide/messages/auditions_by.js';
import { auditions_city } from '@/paraglide/messages/auditions_city.js';
import { auditions_clear_filters } from '@/paraglide/messages/auditions_clear_filters.js';
import { auditions_closing_soon } from '@/paraglide/messages/auditions_closing_soon.js';
import { auditions_count_one } from '@/paraglide/messages/auditions_count_one.js';
import { auditions_count_other } from '@/paraglide/messages/auditions_count_other.js';
import { auditions_description } from '@/paraglide/messages/auditions_description.js';
import { auditions_gender } from '@/paraglide/messages/auditions_gender.js';
import { auditions_language } from '@/paraglide/messages/auditions_language.js';
import { auditions_load_failed } from '@/paraglide/messages/auditions_load_failed.js';
import { auditions_loading } from '@/paraglide/messages/auditions_loading.js';
import { auditions_my_applications } from '@/paraglide/messages/auditions_my_applications.js';
import { auditions_never_pay } from '@/paraglide/messages/auditions_never_pay.js';
import { auditions_none } from '@/paraglide/messages/auditions_none.js';
import { auditions_paid_only } from '@/paraglide/messages/auditions_paid_only.js';
import { auditions_playing_age } from '@/paraglide/messages/auditions_playing_age.js';
import { auditions_post_call } from '@/paraglide/messages/auditions_post_call.js';
import { auditions_project } from '@/paraglide/messages/auditions_project.js';
import { auditions_title } from '@/paraglide/messages/auditions_title.js';
import { auditions_verified } from '@/paraglide/messages/auditions_verified.js';
import type { CallFilters } from '../api/casting-keys';
import { CALLS_PER_PAGE, callListQueryOptions } from '../api/casting-queries';
import { formatIndiaTime, genderWords, placeOf, projectTypeLabels, roleSummary } from './casting-labels';
import classes from './casting.module.css';
import { RolesForYou } from './roles-for-you';

const TYPING_PAUSE_MS = 300;

function CallCardView({ call }: { call: CallCard }) {
  return (
    <Link to="/auditions/$callId" params={{ callId: String(call.id) }} className={classes.card}>
      <h2 className={classes.cardTitle}>{call.title}</h2>
      <Text size="sm" c="dimmed">
        {projectTypeLabels[call.project_type]} · {placeOf(call)}
      </Text>
      <Group gap={6} mt={4}>
        <Text size="sm">{auditions_by({ name: call.poster.display_name })}</Text>
        {call.poster.verified ? (
          <Badge color="teal.9" variant="filled" size="xs">
            {auditions_verified()}
          </Badge>
        ) : null}
      </Group>
      <ul className={classes.roles}>
        {call.roles
          .filter((role) => role.status === 'open')
          .map((role) => (
            <li key={role.id}>
              <Text size="sm">
                <strong>{role.name}</strong>: {roleSummary(role)}
              </Text>
            </li>
          ))}
      </ul>
      <Text size="sm" mt="xs" fw={600}>
        {auditions_apply_by({ date: formatIndiaTime(call.deadline) })}
      </Text>
    </Link>
  );
}

export interface AuditionsPageProps {
  filters: CallFilters;
  onFiltersChange: (next: CallFilters, replace?: boolean) => void;
}

/** `/auditions`: the open casting calls, with filters for city, language, gender, playing age, pay and type. */
export function AuditionsPage({ filters, onFiltersChange }: AuditionsPageProps) {
  const query = useQuery(callListQueryOptions(filters));
  const signedIn = useAppStore((state) => state.signedIn);
  const [text, setText] = useState({ city: filters.city ?? '', language: filters.language ?? '' });
  const applyText = useDebouncedCallback((next: typeof text) => {
    onFiltersChange(
      { ...filters, city: next.city.trim() || undefined, language: next.language.trim() || undefined, page: undefined },
      true,
    );
  }, TYPING_PAUSE_MS);
  const change = (next: Partial<CallFilters>) => onFiltersChange({ ...filters, ...next, page: undefined });
  const data = query.data;
  const total = data?.meta.total ?? 0;
  const textInput = (key: 'city' | 'language', label: string) => (
    <TextInput
      label={label}
      value={text[key]}
      onChange={(event) => {
        const next = { ...text, [key]: event.currentTarget.value };
        setText(next);
        applyText(next);
      }}
    />
  );

  return (
    <PageContainer>
      <DocumentTitle page={auditions_title()} />
      <meta name="description" content={auditions_description()} />
      <Group justify="space-between" align="center" mb="sm">
        <Title order={1}>{auditions_title()}</Title>
        {signedIn ? (
          <Group gap="xs">
            <Button variant="light" size="sm" renderRoot={(props) => <Link {...props} to="/me/applications" />}>
              {auditions_my_applications()}
            </Button>
            <Button variant="subtle" size="sm" renderRoot={(props) => <Link {...props} to="/me/casting-calls" />}>
              {auditions_post_call()}
            </Button>
          </Group>
        ) : null}
      </Group>
      <Alert color="saffron" variant="light" mb="md">
        {auditions_never_pay()}
      </Alert>
      <div className={classes.filters}>
        {textInput('city', auditions_city())}
        {textInput('language', auditions_language())}
        <Select
          label={auditions_gender()}
          placeholder={auditions_any()}
          data={genders
            .filter((gender) => gender !== 'prefer_not_to_say')
            .map((gender) => ({ value: gender, label: genderWords[gender]! }))}
          value={filters.gender ?? null}
          onChange={(gender) => change({ gender: gender ?? undefined })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={auditions_playing_age()}
          min={1}
          max={100}
          value={filters.age ?? ''}
          onChange={(age) => change({ age: typeof age === 'number' && age >= 1 && age <= 100 ? age : undefined })}
        />
        <Select
          label={auditions_project()}
          placeholder={auditions_any_project()}
          data={projectTypes.map((type) => ({ value: type, label: projectTypeLabels[type] }))}
          value={filters.type ?? null}
          onChange={(type) => change({ type: type ?? undefined })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          label={auditions_paid_only()}
          checked={filters.paid === 'true'}
          onChange={(event) => change({ paid: event.currentTarget.checked ? 'true' : undefined })}
          mb={8}
        />
        <Checkbox
          label={auditions_closing_soon()}
          checked={filters.closing_soon === 'true'}
          onChange={(event) => change({ closing_soon: event.currentTarget.checked ? 'true' : undefined })}
          mb={8}
        />
      </div>
      {signedIn ? (
        <RolesForYou
          filters={filters}
          onShow={(next) => {
            setText({ city: next.city ?? '', language: next.language ?? '' });
            onFiltersChange(next);
          }}
        />
      ) : null}

      {query.isPending ? <LoadingState label={auditions_loading()} /> : null}
      {query.isError && !data ? (
        <LoadError
          title={auditions_load_failed()}
          what="list"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {data ? (
        <>
          <Text size="sm" c="dimmed" mb="sm" role="status">
            {plural(total, { one: auditions_count_one, other: auditions_count_other })}
          </Text>
          {data.data.length === 0 ? (
            <div>
              <Text mb="sm">{auditions_none()}</Text>
              <Button
                variant="light"
                onClick={() => {
                  setText({ city: '', language: '' });
                  onFiltersChange({});
                }}
              >
                {auditions_clear_filters()}
              </Button>
            </div>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={query.isFetching}>
              {data.data.map((call) => (
                <CallCardView key={call.id} call={call} />
              ))}
            </SimpleGrid>
          )}
          <PageNav
            total={Math.max(1, Math.ceil(total / CALLS_PER_PAGE))}
            value={data.meta.page}
            onChange={(page) => onFiltersChange({ ...filters, page: page > 1 ? page : undefined })}
          />
        </>
      ) : null}
    </PageContainer>
  );
}

export { CallCardView };

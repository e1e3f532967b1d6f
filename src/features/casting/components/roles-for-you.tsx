import { Button, Collapse, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { normalFilters, type SavedSearch, type SavedSearchFilters } from '@/contract/roles-for-you';
import { notifyFailure } from '@/lib/notify-failure';
import { auditions_closing_soon } from '@/paraglide/messages/auditions_closing_soon.js';
import { auditions_paid_only } from '@/paraglide/messages/auditions_paid_only.js';
import { rolesForYou_age } from '@/paraglide/messages/rolesforyou_age2.js';
import { rolesForYou_all_calls } from '@/paraglide/messages/rolesforyou_all_calls2.js';
import { rolesForYou_already } from '@/paraglide/messages/rolesforyou_already2.js';
import { rolesForYou_delete } from '@/paraglide/messages/rolesforyou_delete2.js';
import { rolesForYou_delete_label } from '@/paraglide/messages/rolesforyou_delete_label2.js';
import { rolesForYou_deleted } from '@/paraglide/messages/rolesforyou_deleted2.js';
import { rolesForYou_intro } from '@/paraglide/messages/rolesforyou_intro2.js';
import { rolesForYou_list } from '@/paraglide/messages/rolesforyou_list2.js';
import { rolesForYou_load_failed } from '@/paraglide/messages/rolesforyou_load_failed2.js';
import { rolesForYou_none } from '@/paraglide/messages/rolesforyou_none2.js';
import { rolesForYou_save } from '@/paraglide/messages/rolesforyou_save2.js';
import { rolesForYou_saved } from '@/paraglide/messages/rolesforyou_saved2.js';
import { rolesForYou_show } from '@/paraglide/messages/rolesforyou_show2.js';
import { rolesForYou_title } from '@/paraglide/messages/rolesforyou_title2.js';
import type { CallFilters } from '../api/casting-keys';
import { savedSearchesQueryOptions, useDeleteSearch, useSaveSearch } from '../api/roles-for-you';
import { genderWords, projectTypeLabels } from './casting-labels';

/** The list's filters as the server keeps them (the page's number is not one). */
function keptFilters(filters: CallFilters): SavedSearchFilters {
  return normalFilters({
    city: filters.city,
    language: filters.language,
    gender: filters.gender as SavedSearchFilters['gender'],
    age: filters.age,
    paid: filters.paid === 'true' ? 'true' : undefined,
    type: filters.type as SavedSearchFilters['type'],
    closing_soon: filters.closing_soon === 'true' ? 'true' : undefined,
  });
}

/** A set of filters in words: "Pune · Marathi · Female · Age 25 · Paid roles only". */
function describe(filters: SavedSearchFilters): string {
  const parts = [
    filters.city,
    filters.language,
    filters.gender ? genderWords[filters.gender] : undefined,
    filters.age !== undefined ? rolesForYou_age({ age: filters.age }) : undefined,
    filters.paid === 'true' ? auditions_paid_only() : undefined,
    filters.type ? projectTypeLabels[filters.type] : undefined,
    filters.closing_soon === 'true' ? auditions_closing_soon() : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : rolesForYou_all_calls();
}

export interface RolesForYouProps {
  filters: CallFilters;
  /** Shows the list with a kept set's filters. */
  onShow: (filters: CallFilters) => void;
}

/**
 * "Roles for you" on `/auditions`, for a signed-in member: keep the filters in use, and see, open or delete the sets
 * kept. New calls that match are told once a day at most, in the notification centre and by mail (the server's job).
 */
export function RolesForYou({ filters, onShow }: RolesForYouProps) {
  const saved = useQuery(savedSearchesQueryOptions());
  const save = useSaveSearch();
  const remove = useDeleteSearch();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const count = saved.data?.length ?? 0;

  const onSave = () =>
    save.mutate(keptFilters(filters), {
      onSuccess: ({ already }) => {
        setStatus(already ? rolesForYou_already() : rolesForYou_saved());
        setOpen(true);
      },
      onError: notifyFailure(rolesForYou_save()),
    });
  const onDelete = (search: SavedSearch) =>
    remove.mutate(search.id, {
      onSuccess: () => setStatus(rolesForYou_deleted()),
      onError: notifyFailure(rolesForYou_delete()),
    });

  return (
    <Paper withBorder p="sm" mb="md" component="section" aria-labelledby="roles-for-you-title">
      <Title order={2} size="h4" id="roles-for-you-title">
        {rolesForYou_title()}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="xs">
        {rolesForYou_intro()}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button size="sm" onClick={onSave} loading={save.isPending}>
          {rolesForYou_save()}
        </Button>
        <Button
          size="sm"
          variant="subtle"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls="roles-for-you-list"
        >
          {`${rolesForYou_list()} (${count})`}
        </Button>
      </Group>
      <Text size="sm" role="status" mt={status ? 'xs' : 0}>
        {status}
      </Text>
      <Collapse expanded={open} id="roles-for-you-list">
        {saved.isError && !saved.data ? (
          <Text size="sm" c="red" mt="xs">
            {rolesForYou_load_failed()}
          </Text>
        ) : count === 0 ? (
          <Text size="sm" mt="xs">
            {rolesForYou_none()}
          </Text>
        ) : (
          <ul aria-label={rolesForYou_list()} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {saved.data!.map((search) => {
              const what = describe(search.filters);
              return (
                <li key={search.id}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" py={6}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {what}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="light" onClick={() => onShow(search.filters as CallFilters)}>
                        {rolesForYou_show()}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(search)}
                        loading={remove.isPending && remove.variables === search.id}
                        aria-label={rolesForYou_delete_label({ what })}
                      >
                        {rolesForYou_delete()}
                      </Button>
                    </Group>
                  </Group>
                </li>
              );
            })}
          </ul>
        )}
      </Collapse>
    </Paper>
  );
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  applicantListQuerySchema,
  applicantListResponseSchema,
  applicantsCsvName,
  callCardSchema,
  callListQuerySchema,
  callListResponseSchema,
  callResponseSchema,
  myApplicationListResponseSchema,
  myCallListResponseSchema,
  type CastingCall,
} from '@/contract/casting';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { retryRead } from '@/lib/query-retry';
import { myProfileResponseSchema } from '@/contract/profiles';
import type { ApplicantSearch } from '@/lib/search-params';
import { castingKeys, myCastingKeys, type CallFilters } from './casting-keys';
import { saveFile } from '@/lib/save-file';

export const CALLS_PER_PAGE = 12;
export const APPLICANTS_PER_PAGE = 24;

/** The call in the address does not exist, or is not published. */
export class CallNotFoundError extends Error {
  constructor(readonly id: number) {
    super(`There is no casting call ${id}`);
    this.name = 'CallNotFoundError';
  }
}

export function callListQueryOptions(filters: CallFilters) {
  return queryOptions({
    queryKey: castingKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPaths.publicApi(`/casting-calls${listQuery({ ...filters, per_page: CALLS_PER_PAGE }, callListQuerySchema)}`),
        {
          schema: callListResponseSchema,
          signal,
        },
      ),
    staleTime: 60 * 1000,
    placeholderData: keepPreviousData,
  });
}

export async function getCall(id: number, signal?: AbortSignal): Promise<CastingCall> {
  try {
    // Signed in, the poster (and staff) also see it while it waits for a moderator.
    return (
      await apiRequest(apiPaths.publicApi(`/casting-calls/${id}`), { schema: callResponseSchema, auth: true, signal })
    ).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new CallNotFoundError(id);
    throw error;
  }
}

export function callQueryOptions(id: number) {
  return queryOptions({
    queryKey: castingKeys.call(id),
    queryFn: ({ signal }) => getCall(id, signal),
    staleTime: 60 * 1000,
    retry: (failureCount, error) => !(error instanceof CallNotFoundError) && retryRead(failureCount, error, 2),
  });
}

export function myApplicationsQueryOptions() {
  return queryOptions({
    queryKey: myCastingKeys.applications(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.userApi('/me/applications'), {
          schema: myApplicationListResponseSchema,
          auth: true,
          signal,
        })
      ).data,
    // Changed by the posters: asked again whenever the list shows.
    staleTime: 0,
  });
}

export function myCallsQueryOptions() {
  return queryOptions({
    queryKey: myCastingKeys.calls(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.userApi('/me/casting-calls'), {
          schema: myCallListResponseSchema,
          auth: true,
          signal,
        })
      ).data,
  });
}

export function savedCallsQueryOptions() {
  return queryOptions({
    queryKey: myCastingKeys.saved(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.userApi('/me/saved-calls'), {
          schema: z.object({ data: z.array(callCardSchema) }),
          auth: true,
          signal,
        })
      ).data,
  });
}

export function applicantsQueryOptions(callId: number, search: ApplicantSearch) {
  const query = { ...search, per_page: APPLICANTS_PER_PAGE };
  return queryOptions({
    queryKey: myCastingKeys.applicants(callId, query),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPaths.userApi(`/casting-calls/${callId}/applications${listQuery(query, applicantListQuerySchema)}`),
        {
          schema: applicantListResponseSchema,
          auth: true,
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    // Changed by the applicants (a withdrawal, a callback's answer): asked again whenever the list shows.
    staleTime: 0,
  });
}

/**
 * Every applicant of the call as one CSV file (every role, whatever the list's filters), in the list's order, saved by
 * the browser under the name the server gives it. The
 * byte-order mark that tells Excel the file is UTF-8 is put back: reading the answer as text drops it.
 */
export async function downloadApplicantsCsv(
  call: { id: number; title: string },
  search: ApplicantSearch,
): Promise<void> {
  const csv = await apiRequest(
    apiPaths.userApi(
      `/casting-calls/${call.id}/applications.csv${listQuery({ sort: search.sort }, applicantListQuerySchema)}`,
    ),
    {
      auth: true,
      text: true,
      schema: z.string(),
    },
  );
  saveFile(
    csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`,
    applicantsCsvName(call, new Date()),
    'text/csv;charset=utf-8',
  );
}

/** The signed-in member's own profile, for the photos and reels an application picks from (null before one exists). */
export function applicantProfileQueryOptions() {
  return queryOptions({
    queryKey: [...myCastingKeys.all(), 'applicant-profile'] as const,
    queryFn: async ({ signal }) => {
      try {
        return (
          await apiRequest(apiPaths.userApi('/me/profile'), { schema: myProfileResponseSchema, auth: true, signal })
        ).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

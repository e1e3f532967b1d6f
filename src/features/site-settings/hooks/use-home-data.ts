import { useQuery } from '@tanstack/react-query';
import { homeDataQueryOptions } from '../api/get-home-data';

/** The cached home data (settings and categories); undefined while loading or after a failed load. */
export function useHomeData() {
  return useQuery(homeDataQueryOptions()).data;
}

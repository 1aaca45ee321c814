import { api, type LocationListRequest } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getLocationList(request: LocationListRequest, signal?: AbortSignal) {
  return api.call('locationList', request, { signal });
}

export function locationListQuery(request: LocationListRequest) {
  return queryOptions({
    queryKey: ['locationList', request],
    queryFn: ({ signal }) => getLocationList(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLocationList(request: LocationListRequest) {
  return useQuery(locationListQuery(request));
}

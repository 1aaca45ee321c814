import { api, type BatchJob } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** How often an open job is asked for its progress. */
export const JOB_POLL_MS = 1000;

export const isOpenJob = (job: Pick<BatchJob, 'status'> | null | undefined) =>
  !!job && ['created', 'initialized', 'inProgress', 'finishedTasks'].includes(job.status);

export function getBatchJobStatus(uuid: string, signal?: AbortSignal) {
  return api.call('batchJobStatus', { uuid }, { signal });
}

export function batchJobStatusQuery(uuid: string) {
  return queryOptions({
    queryKey: ['batchJobStatus', uuid],
    queryFn: ({ signal }) => getBatchJobStatus(uuid, signal),
    // Asked again every second while the job runs; an ended job does not change any more.
    refetchInterval: (query) => (isOpenJob(query.state.data) || !query.state.data ? JOB_POLL_MS : false),
  });
}

export function useBatchJobStatus(uuid: string | null) {
  return useQuery({ ...batchJobStatusQuery(uuid ?? ''), enabled: uuid !== null });
}

import type { z } from 'zod';
import type { EndpointId } from '../api/calls';
import { API_ROUTES } from '../api/calls';
import type { FeatureFlag } from '../featureFlags';
import type { Permission } from '../permissions';

export interface EndpointDefinition<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> {
  id: EndpointId;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tag: string;
  /**
   * `public`: no session needed; `session`: a signed-in member of a client holding any one of `permissions`;
   * `licensee`: a signed-in licensee staff member (licensee console) holding any one of `permissions`. A member's
   * session never passes a `licensee` call, nor a licensee session a `session` call.
   */
  access: 'public' | 'session' | 'licensee';
  permissions: readonly Permission[];
  featureFlag?: FeatureFlag;
  /**
   * A body limit above the server's general one (64 KiB), for the one call whose bodies are that large by nature: the
   * SCORM commit (SCORM 2004 lets a course keep 64,000 characters of suspend_data, beside its answers).
   */
  bodyLimitBytes?: number;
  /** POST body, or the query string of a GET. */
  request: Request;
  response: Response;
}

export function defineEndpoint<
  Request extends z.ZodType,
  Response extends z.ZodType,
  Access extends EndpointDefinition['access'],
>(
  id: EndpointId,
  definition: Omit<EndpointDefinition<Request, Response>, 'id' | 'method' | 'path' | 'access'> & { access: Access },
): EndpointDefinition<Request, Response> & { access: Access } {
  return { id, ...API_ROUTES[id], ...definition };
}

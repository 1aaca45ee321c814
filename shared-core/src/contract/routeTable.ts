/** Method and path of API calls; `reads` marks POST calls that only read (they show the "load" loader). */
export type RouteTable = Record<string, { method: 'GET' | 'POST'; path: string; reads?: true }>;

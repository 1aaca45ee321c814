import type { QueryClient } from '@tanstack/react-query';

/** After a client changed: every cached client list and that client's details are read again. */
export async function invalidateClients(queryClient: QueryClient, uuid?: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['licenseeClientList'] }),
    uuid ? queryClient.invalidateQueries({ queryKey: ['licenseeClientDetails', uuid] }) : undefined,
  ]);
}

import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { api } from '../api/transport';
import { deviceId } from './device';

/**
 * The key of a table's pack on a phone. A battle's pack never changes (its version is named by its content), while
 * `table.pack` is built from the battles domain that every event writes: under the channel's own key each event would
 * fetch the whole pack again.
 */
export const tablePackKey = (battleId: string) => ['table-pack', battleId] as const;

/**
 * The reads a table's first screen waits for (its battle, its pack, who holds each side), asked as soon as the link
 * names its battle, while the table's code is still loading and starting (issue 42): the screen finds them answered
 * rather than asking once it has started.
 */
export function prefetchTable(qc: QueryClient, battleId: string): Promise<unknown> {
  return Promise.all([
    qc.prefetchQuery({ queryKey: queryKeys.call('battles.get', { battleId }), queryFn: () => api.call('battles.get', { battleId }) }),
    qc.prefetchQuery({ queryKey: tablePackKey(battleId), queryFn: () => api.call('table.pack', { battleId }), staleTime: Infinity }),
    qc.prefetchQuery({
      queryKey: queryKeys.call('table.sides', { battleId, deviceId: deviceId() }),
      queryFn: () => api.call('table.sides', { battleId, deviceId: deviceId() }),
    }),
  ]);
}

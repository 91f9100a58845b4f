import { networkInterfaces } from 'node:os';
import type { NetworkAddress } from '../../../src-shared/contract/club-night.contract';
import { lanAddressRefusal } from '../../security/policy';

/**
 * The addresses the organiser chooses club night's LAN address from: this
 * computer's IPv4 addresses, the club network's first, less those club night
 * refuses (127.0.0.1, the organiser's own). Every address at once (0.0.0.0)
 * is never offered: it is refused whoever types it.
 */
export function lanAddressChoices(interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces()): NetworkAddress[] {
  const out: NetworkAddress[] = [];
  for (const [name, addresses] of Object.entries(interfaces)) {
    for (const a of addresses ?? []) {
      if (a.family !== 'IPv4' || lanAddressRefusal(a.address) !== undefined) continue;
      out.push({ interface: name, address: a.address, internal: a.internal });
    }
  }
  // a network a phone can join before this computer's own loopback aliases
  return out.sort((x, y) => Number(x.internal) - Number(y.internal) || x.interface.localeCompare(y.interface) || x.address.localeCompare(y.address));
}

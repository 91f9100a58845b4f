import { describe, expect, it } from 'vitest';
import { lanAddressChoices } from '../../src-main/backend/club-night/interfaces';

/** Issue 35: the LAN address is chosen from this computer's own addresses (clubNight.interfaces). */
describe('club night: the LAN addresses offered', () => {
  it('the LAN addresses offered: IPv4 only, never 127.0.0.1 or every address, the club’s network first', () => {
    const iface = (address: string, internal: boolean, family: 'IPv4' | 'IPv6' = 'IPv4') => ({
      address,
      internal,
      family,
      netmask: '255.0.0.0',
      mac: '00:00:00:00:00:00',
      cidr: null,
      ...(family === 'IPv6' ? { scopeid: 0 } : {}),
    });
    const offered = lanAddressChoices({
      lo: [iface('127.0.0.1', true), iface('::1', true, 'IPv6')],
      'lo:club': [iface('127.0.0.2', true)],
      wlan0: [iface('192.168.1.20', false), iface('fe80::1', false, 'IPv6')],
      any: [iface('0.0.0.0', false)],
    } as never);
    expect(offered).toEqual([
      { interface: 'wlan0', address: '192.168.1.20', internal: false },
      { interface: 'lo:club', address: '127.0.0.2', internal: true },
    ]);
  });
});

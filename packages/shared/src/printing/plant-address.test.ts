import { describe, expect, it } from 'vitest';
import { isIpLiteral, isPlantAddress } from './plant-address.ts';

describe('plant addresses', () => {
  it('accepts the private, loopback, link-local and unique-local ranges', () => {
    for (const ip of [
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.50',
      '127.0.0.1',
      '169.254.10.20',
      '::1',
      'fe80::1',
      'febf::1',
      'fd12:3456::9',
      'fc00::1',
      '::ffff:192.168.1.9',
    ]) {
      expect(isPlantAddress(ip), ip).toBe(true);
    }
  });

  it('refuses public and special addresses', () => {
    for (const ip of [
      '8.8.8.8',
      '169.254.169.254',
      '::ffff:169.254.169.254',
      '172.15.0.1',
      '172.32.0.1',
      '192.169.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '100.64.0.1',
      '2001:4860:4860::8888',
      'fec0::1',
      '::',
      '::ffff:8.8.8.8',
      '10.0.0.256',
      '010.0.0.1',
      '2130706433',
      'printer.local',
    ]) {
      expect(isPlantAddress(ip), ip).toBe(false);
    }
  });

  it('tells an address literal from a host name', () => {
    expect(isIpLiteral('192.168.1.5')).toBe(true);
    expect(isIpLiteral('fe80::1')).toBe(true);
    expect(isIpLiteral('printer-1.plant.lan')).toBe(false);
    expect(isIpLiteral('010.0.0.1')).toBe(true);
    expect(isIpLiteral('2130706433')).toBe(true);
  });
});

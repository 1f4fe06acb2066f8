import { describe, expect, it } from 'vitest';
import { OptionsError, parseOptions } from './options.ts';

const parse = (line: string, env: NodeJS.ProcessEnv = {}) =>
  parseOptions(line.split(' ').filter(Boolean), env);

/** The message a bad command line stops the bridge with. */
function refusal(line: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    parse(line, env);
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsError);
    return (error as Error).message;
  }
  throw new Error(`"${line}" was accepted`);
}

describe('scale bridge command line', () => {
  it('runs on a serial port with the defaults a plant would expect', () => {
    expect(parse('--serial /dev/ttyUSB0 --format st-gs')).toEqual({
      server: 'http://localhost:3000',
      apiKey: 'truck-queue-web',
      source: {
        kind: 'serial',
        path: '/dev/ttyUSB0',
        baudRate: 9600,
        dataBits: 8,
        parity: 'none',
        stopBits: 1,
      },
      format: 'st-gs',
      toleranceKg: 10,
      holdMs: 3000,
      noSignalMs: 1500,
      identityFile: './scale-bridge-identity.json',
    });
  });

  it('takes every setting from the command line', () => {
    const options = parse(
      '--serial COM3 --baud 2400 --data-bits 7 --parity even --stop-bits 2 --format xk3190 ' +
        '--server https://queue.plant.local:8443/ --api-key secret-key --tolerance 20 --hold 5000 ' +
        '--no-signal 1000 --identity /var/lib/scale/id.json',
    );
    expect(options).toEqual({
      server: 'https://queue.plant.local:8443',
      apiKey: 'secret-key',
      source: { kind: 'serial', path: 'COM3', baudRate: 2400, dataBits: 7, parity: 'even', stopBits: 2 },
      format: 'xk3190',
      toleranceKg: 20,
      holdMs: 5000,
      noSignalMs: 1000,
      identityFile: '/var/lib/scale/id.json',
    });
  });

  it('reads a TCP converter, IPv6 too, and a regex format', () => {
    expect(parse('--tcp 192.168.1.50:4001 --format mettler')).toMatchObject({
      source: { kind: 'tcp', host: '192.168.1.50', port: 4001 },
    });
    expect(parse('--tcp [fe80::1]:4001 --format mettler')).toMatchObject({
      source: { kind: 'tcp', host: 'fe80::1', port: 4001 },
    });
    expect(parseOptions(['--tcp', 'scale.local:23', '--format', 'regex:W(?<weight>\\d+)'], {})).toMatchObject(
      {
        format: 'regex:W(?<weight>\\d+)',
      },
    );
  });

  it('takes SCALE_BRIDGE_* variables, which flags override', () => {
    const env = {
      SCALE_BRIDGE_TCP: '10.0.0.5:4001',
      SCALE_BRIDGE_FORMAT: 'st-gs',
      SCALE_BRIDGE_SERVER: 'http://10.0.0.2:3000',
      SCALE_BRIDGE_API_KEY: 'plant-key',
      SCALE_BRIDGE_HOLD: '2000',
      SCALE_BRIDGE_IDENTITY: '/etc/scale.json',
    };
    expect(parse('', env)).toMatchObject({
      server: 'http://10.0.0.2:3000',
      apiKey: 'plant-key',
      source: { kind: 'tcp', host: '10.0.0.5', port: 4001 },
      holdMs: 2000,
      identityFile: '/etc/scale.json',
    });
    // A serial port on the command line replaces the service's TCP setting instead of clashing with it.
    expect(parse('--serial /dev/ttyS0 --hold 4000', env)).toMatchObject({
      source: { kind: 'serial', path: '/dev/ttyS0' },
      holdMs: 4000,
    });
    expect(parse('--serial /dev/ttyS0 --format st-gs', { SCALE_BRIDGE_BAUD: '' })).toMatchObject({
      source: { baudRate: 9600 },
    });
  });

  it('asks for help', () => {
    expect(parse('--help')).toBe('help');
    expect(parse('-h --baud nonsense')).toBe('help');
  });

  it('says where the indicator must be', () => {
    expect(refusal('--format st-gs')).toBe(
      'Say where the indicator is: --serial <port> (e.g. /dev/ttyUSB0, COM3) or --tcp <host:port>.',
    );
    expect(refusal('--serial /dev/ttyUSB0 --tcp 10.0.0.5:4001 --format st-gs')).toBe(
      'Give either --serial or --tcp, not both.',
    );
    expect(refusal('--tcp 10.0.0.5 --format st-gs')).toBe(
      '--tcp must be <host>:<port>, e.g. 192.168.1.50:4001, not "10.0.0.5".',
    );
    expect(refusal('--tcp 10.0.0.5:70000 --format st-gs')).toContain('--tcp must be <host>:<port>');
  });

  it('refuses a format it does not know, or a broken pattern', () => {
    expect(refusal('--serial /dev/ttyUSB0')).toBe(
      'Say which format the indicator sends: --format mettler, st-gs, xk3190 or regex:<pattern>.',
    );
    expect(refusal('--serial /dev/ttyUSB0 --format toledo')).toBe(
      '--format: Unknown scale format "toledo": use one of mettler, st-gs, xk3190, regex:<pattern>.',
    );
    expect(refusal('--serial /dev/ttyUSB0 --format regex:(')).toMatch(/^--format: /);
  });

  it('refuses line settings an indicator cannot have', () => {
    expect(refusal('--serial /dev/ttyUSB0 --format st-gs --baud 96000')).toBe(
      '--baud must be one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, not "96000".',
    );
    expect(refusal('--serial /dev/ttyUSB0 --format st-gs --data-bits 9')).toBe(
      '--data-bits must be one of 7, 8, not "9".',
    );
    expect(refusal('--serial /dev/ttyUSB0 --format st-gs --parity mark')).toBe(
      '--parity must be one of none, even, odd, not "mark".',
    );
    expect(refusal('--serial /dev/ttyUSB0 --format st-gs --stop-bits 1.5')).toBe(
      '--stop-bits must be one of 1, 2, not "1.5".',
    );
  });

  it('refuses stable settings that are not numbers', () => {
    expect(refusal('--tcp h:1 --format st-gs --tolerance=-5')).toBe(
      '--tolerance must be a number of 0 or more, not "-5".',
    );
    expect(refusal('--tcp h:1 --format st-gs --hold 3s')).toBe(
      '--hold must be a whole number of 0 or more, not "3s".',
    );
    expect(refusal('--tcp h:1 --format st-gs --no-signal 50')).toBe(
      '--no-signal must be a whole number of 100 or more, not "50".',
    );
  });

  it('refuses a server address that is not one', () => {
    expect(refusal('--tcp h:1 --format st-gs --server localhost:3000')).toBe(
      '--server must start with http:// or https://, not "localhost:3000".',
    );
    expect(refusal('--tcp h:1 --format st-gs --server http://')).toBe(
      '--server must be the server\'s address, e.g. http://192.168.1.10:3000, not "http://".',
    );
    expect(refusal('--tcp h:1 --format st-gs --server http://10.0.0.2:3000/api')).toBe(
      '--server is the server\'s address alone (scheme, host and port), not "http://10.0.0.2:3000/api".',
    );
  });

  it('names an option it does not know, or one without its value', () => {
    expect(refusal('--tcp h:1 --format st-gs --baudrate 9600')).toContain("Unknown option '--baudrate'");
    expect(refusal('--tcp h:1 --format')).toContain("Option '--format <value>' argument missing");
    expect(refusal('--tcp h:1 --format st-gs extra')).toContain("Unexpected argument 'extra'");
    // A negative number right after its option reads as another option: parseArgs says how to write it.
    expect(refusal('--tcp h:1 --format st-gs --tolerance -5')).toContain("use '--tolerance=-XYZ'");
  });
});

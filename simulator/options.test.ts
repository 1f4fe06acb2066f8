import { describe, expect, it } from 'vitest';
import { parseOptions } from './options.ts';

describe('the simulator options', () => {
  it('plays the day by default', () => {
    expect(parseOptions([], {})).toMatchObject({ window: 'day', trucks: 1000, accel: 240, seed: 1 });
  });

  it('takes the harvest window from --window or SIM_WINDOW, the flag first', () => {
    expect(parseOptions(['--window', '24h'], {})).toMatchObject({ window: '24h' });
    expect(parseOptions([], { SIM_WINDOW: '24h' })).toMatchObject({ window: '24h' });
    expect(parseOptions(['--window', 'night'], { SIM_WINDOW: '24h' })).toMatchObject({ window: 'night' });
  });

  it('refuses another window, naming the three it takes and the one it got', () => {
    expect(() => parseOptions(['--window', '12h'], {})).toThrow(
      /--window must be one of day\|night\|24h, not "12h"/,
    );
    expect(() => parseOptions([], { SIM_WINDOW: 'evening' })).toThrow(/day\|night\|24h, not "evening"/);
  });

  it('refuses a count that is not a positive integer', () => {
    expect(() => parseOptions(['--trucks', '0'], {})).toThrow(/--trucks must be a positive integer/);
    expect(() => parseOptions(['--trucks', '2.5'], {})).toThrow(/--trucks must be a positive integer/);
  });

  it("books 60 % of the suppliers' cassava trucks unless told, 0 to 100", () => {
    expect(parseOptions([], {})).toMatchObject({ bookedPercent: 60 });
    expect(parseOptions(['--booked', '0'], { SIM_BOOKED: '30' })).toMatchObject({ bookedPercent: 0 });
    expect(parseOptions([], { SIM_BOOKED: '30' })).toMatchObject({ bookedPercent: 30 });
    expect(() => parseOptions(['--booked', '101'], {})).toThrow(/--booked must be a whole percent/);
  });

  it('has the cameras read 60 % of the trucks unless told, 0 to 100', () => {
    expect(parseOptions([], {})).toMatchObject({ cameraPercent: 60 });
    expect(parseOptions(['--camera', '0'], { SIM_CAMERA: '30' })).toMatchObject({ cameraPercent: 0 });
    expect(parseOptions([], { SIM_CAMERA: '100' })).toMatchObject({ cameraPercent: 100 });
    expect(() => parseOptions(['--camera', '60.5'], {})).toThrow(/--camera must be a whole percent/);
  });

  it("records 20 % of the delivering trucks' stored tares unless told, 0 to 100", () => {
    expect(parseOptions([], {})).toMatchObject({ storedTarePercent: 20 });
    expect(parseOptions(['--stored-tare', '0'], { SIM_STORED_TARE: '30' })).toMatchObject({
      storedTarePercent: 0,
    });
    expect(parseOptions([], { SIM_STORED_TARE: '45' })).toMatchObject({ storedTarePercent: 45 });
    expect(() => parseOptions(['--stored-tare', '100.5'], {})).toThrow(
      /--stored-tare must be a whole percent/,
    );
  });

  it('answers help', () => {
    expect(parseOptions(['--help'], {})).toBe('help');
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database with demo data, Bangkok time, Thai', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      redisUrl: null,
      redisPrefix: 'truck-queue',
      apiKey: 'truck-queue-web',
      siteTimeZone: 'Asia/Bangkok',
      defaultLanguage: 'th',
      demoData: true,
    });
    expect(config.session.idleMs).toBe(12 * 3_600_000);
  });

  it('never loads demo data for a plant install (PLANT_MODE), and refuses DEMO_DATA with it', () => {
    expect(loadConfig({ PLANT_MODE: 'on' })).toMatchObject({ plant: true, demoData: false });
    expect(() => loadConfig({ PLANT_MODE: 'on', DEMO_DATA: 'on' })).toThrow(/never loads the demo plant/);
    expect(loadConfig({})).toMatchObject({ plant: false, demoData: true, adminGiven: false });
  });

  it('turns demo data off by default on PostgreSQL, and lets DEMO_DATA decide', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DEMO_DATA: 'on' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
  });

  it("keeps PUBLIC_URL without its trailing slash, for the tickets' QR codes", () => {
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://queue.example.co.th/' }).publicUrl).toBe(
      'https://queue.example.co.th',
    );
  });

  it('reads ALLOWED_ORIGINS as the origins browsers send, and refuses an address with a path', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(
      loadConfig({
        ALLOWED_ORIGINS: ' https://Queue.Example.co.th/ , http://10.0.0.5:3000,https://x.example:443',
      }).allowedOrigins,
    ).toEqual(['https://queue.example.co.th', 'http://10.0.0.5:3000', 'https://x.example']);
    for (const bad of ['queue.example.co.th', 'https://x.example/app', 'ftp://x.example', '*', 'null']) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: `https://ok.example,${bad}` })).toThrow(
        /ALLOWED_ORIGINS: ".*" is not an origin/,
      );
    }
  });

  it('reads TRUST_PROXY as the proxies to believe, and refuses "on" or a hop count, which believe anyone', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    for (const off of ['off', 'false', '0', 'no'])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/24 ,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/24',
      '::1',
      'loopback',
    ]);
    for (const bad of ['on', 'true', 'yes', '1', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: name the proxy/);
    }
    for (const bad of [
      'nginx',
      '10.0.0.300',
      '10.0.0.0/40',
      '0.0.0.0/0',
      '127.0.0.1,*',
      'uniquelocal',
      '10.0.0.10,linklocal',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: ".*"/);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: null });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SITE_TIMEZONE', 'Mars/Olympus'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'localhost:6379'],
    ['REDIS_PREFIX', 'two words'],
    ['DEMO_DATA', 'maybe'],
    ['DEFAULT_LANGUAGE', 'fr'],
    ['API_KEY', 'short'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_PASSWORD', 'password123'],
    ['COMPANY_NAME', 'Starch\u202E Co'],
    ['COMPANY_NAME', '=HYPERLINK("x")'],
    ['ADMIN_PASSWORD', 'admin@example.com'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['PUBLIC_URL', 'queue.example.com'],
    ['PUBLIC_URL', 'ftp://queue.example.com'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

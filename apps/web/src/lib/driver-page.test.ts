import { describe, expect, it } from 'vitest';
import { driverPageUrl, publicPageUrl } from './driver-page.ts';

describe("the driver's page address (the ticket's QR)", () => {
  it('joins the base and the ticket, whatever the trailing slashes', () => {
    const uuid = '0b7e6f3c-1c1e-4f5e-9a51-0d5f1b0c9e2a';
    expect(driverPageUrl(uuid, 'http://10.0.0.5:3000')).toBe(`http://10.0.0.5:3000/Queue/data/${uuid}`);
    expect(driverPageUrl(uuid, 'https://queue.example/')).toBe(`https://queue.example/Queue/data/${uuid}`);
  });
});

describe("a public page's address (the supplier's booking page on its PIN slip)", () => {
  it('joins the base and the path the server gave', () => {
    const path = '/supplier?b=0b7e6f3c-1c1e-4f5e-9a51-0d5f1b0c9e2a';
    expect(publicPageUrl(path, 'https://queue.example/')).toBe(`https://queue.example${path}`);
    expect(publicPageUrl(path.slice(1), 'http://10.0.0.5:3000')).toBe(`http://10.0.0.5:3000${path}`);
  });
});

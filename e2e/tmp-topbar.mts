// Throwaway: screenshots and overflow checks of the top bar. Delete after use.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signInDirect } from './support/browser.ts';
import { ROOT } from './support/server.ts';

const BASE = 'http://127.0.0.1:3377';
const OUT = process.env.OUT ?? '/tmp/shots';
const TAG = process.env.TAG ?? 'x';

interface Scenario {
  width: number;
  user: 'admin' | 'manager';
  lang: 'th' | 'en';
  mode: 'light' | 'dark';
  orientation: 'vertical' | 'horizontal';
  topbar: 'light' | 'dark' | 'colored';
  boxed?: boolean;
}

async function open(browser: Browser, s: Scenario): Promise<Page> {
  const context = await newContext(browser, BASE, {
    viewport: { width: s.width, height: s.width < 700 ? 740 : 800 },
    language: s.lang === 'th' ? 'th-TH' : 'en-US',
  });
  // The server caches index.html at start; serve the freshly built one with its config meta.
  await context.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const body = await response.text();
    const meta = body.match(/<meta name="tq-config"[^>]*>/)?.[0] ?? '';
    const fresh = readFileSync(path.join(ROOT, 'apps/web/dist/index.html'), 'utf8').replace('<!--tq-config-->', meta);
    return route.fulfill({ response, body: fresh, headers: { ...response.headers(), 'content-type': 'text/html; charset=utf-8' } });
  });
  const page = await context.newPage();
  await signInDirect(page, BASE, s.user === 'admin' ? 'admin@example.com' : 'manager@example.com', s.user === 'admin' ? 'admin1234' : 'demo1234');
  await page.evaluate((sc) => {
    localStorage.setItem('I18N_LANGUAGE', sc.lang);
    localStorage.setItem(
      'layoutSettings',
      JSON.stringify({ orientation: sc.orientation, topbarTheme: sc.topbar, mode: sc.mode, width: sc.boxed ? 'boxed' : 'fluid' }),
    );
  }, s);
  await page.goto('/System/dashboard');
  await page.locator('header').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page;
}

function name(s: Scenario): string {
  return `${TAG}-${s.width}-${s.orientation}-${s.topbar}-${s.mode}-${s.lang}-${s.user}${s.boxed ? '-boxed' : ''}`;
}

async function check(page: Page, s: Scenario): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw) problems.push(`page scrollWidth ${document.documentElement.scrollWidth} > ${vw}`);
    const header = document.querySelector('header')!;
    const hr = header.getBoundingClientRect();
    if (header.scrollWidth > header.clientWidth) problems.push(`header scrollWidth ${header.scrollWidth} > ${header.clientWidth}`);
    for (const el of Array.from(header.querySelectorAll<HTMLElement>('button, .ant-tag, .ant-menu, h4'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > hr.right + 0.5 || r.right > vw + 0.5 || r.left < hr.left - 0.5)
        problems.push(`out: ${el.tagName}.${el.className.toString().slice(0, 30)} [${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 20)}] ${Math.round(r.left)}-${Math.round(r.right)} header ${Math.round(hr.left)}-${Math.round(hr.right)}`);
      if (r.bottom > hr.bottom + 0.5 || r.top < hr.top - 0.5) problems.push(`vertical out: ${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 20)} ${Math.round(r.top)}-${Math.round(r.bottom)}`);
    }
    const title = header.querySelector('h4');
    if (title) problems.push(`(info) title width ${Math.round(title.getBoundingClientRect().width)}`);
    return problems;
  });
}

async function colours(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header')!;
    const out: string[] = [`header bg ${getComputedStyle(header).backgroundColor}`];
    const tag = header.querySelector('.ant-tag');
    if (tag) out.push(`tag bg ${getComputedStyle(tag).backgroundColor} fg ${getComputedStyle(tag).color} border ${getComputedStyle(tag).borderColor}`);
    for (const item of Array.from(header.querySelectorAll('.ant-menu-item, .ant-menu-submenu')).slice(0, 4)) {
      const content = item.querySelector('.ant-menu-title-content') ?? item;
      out.push(`menu ${item.className.includes('selected') ? 'SEL' : 'uns'} bg ${getComputedStyle(item).backgroundColor} fg ${getComputedStyle(content).color} op ${getComputedStyle(item).opacity}`);
    }
    for (const b of Array.from(header.querySelectorAll('button')))
      out.push(`button [${b.getAttribute('aria-label')}] fg ${getComputedStyle(b).color}`);
    return out;
  });
}

const scenarios: Scenario[] = JSON.parse(process.env.SCENARIOS ?? '[]');
const browser = await launchBrowser();
try {
  for (const s of scenarios) {
    const page = await open(browser, s);
    const file = path.join(OUT, `${name(s)}.png`);
    await page.screenshot({ path: file });
    const problems = await check(page, s);
    console.log(file);
    for (const p of problems) console.log('   ', p);
    if (process.env.COLOURS) for (const c of await colours(page)) console.log('     ~', c);
    if (process.env.OPEN_USER) {
      const btn = page.locator('header button').last();
      await btn.click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: file.replace('.png', '-usermenu.png') });
      console.log('    usermenu', file.replace('.png', '-usermenu.png'));
      if (process.env.OPEN_PASSWORD) {
        await page.getByRole('menuitem', { name: /password|รหัสผ่าน/i }).click();
        await page.waitForTimeout(600);
        await page.screenshot({ path: file.replace('.png', '-password.png') });
        console.log('    password', file.replace('.png', '-password.png'));
      }
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  }
} finally {
  await browser.close();
}

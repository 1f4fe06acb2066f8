import type { Browser } from 'playwright-core';

/** The TV display (/DisplayManage) at 1920x1080. */
export async function shootDisplayScreens(browser: Browser, baseUrl: string): Promise<void> {
  void browser;
  void baseUrl;
}

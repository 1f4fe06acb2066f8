import type { Browser } from 'playwright-core';

/** The ticket kiosk (/PrinterManage) at 1080x1920 and its printed ticket. */
export async function shootKioskScreens(browser: Browser, baseUrl: string): Promise<void> {
  void browser;
  void baseUrl;
}

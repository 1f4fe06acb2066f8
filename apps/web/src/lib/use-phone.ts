import { useMediaQuery } from './use-media-query.ts';

/**
 * Below antd's `md` breakpoint (768 px): a phone, held upright. The back office is then laid out
 * phone-first (AppShell): the menu is a drawer, the page title heads the page, controls are at
 * least PHONE_TOUCH_PX tall. Screens only: printing a ticket lays the page out on 80 mm paper,
 * which must not turn the office PC's page (and the dialog holding the ticket) into a phone's.
 */
export const PHONE_QUERY = 'screen and (max-width: 767.98px)';

/** The smallest touch target on a phone (Apple's and Google's guidance, 44 pt / 48 dp). */
export const PHONE_TOUCH_PX = 44;

/** Whether the window is phone-wide now; follows rotation and resizing. Read at once, so the first render is right. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

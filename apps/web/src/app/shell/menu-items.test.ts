import { describe, expect, it } from 'vitest';
import { can, ROLE_PERMISSIONS } from '@truck-queue/shared/roles';
import { selectedMenuKey, visibleSections } from './menu-items.tsx';

function outline(permissions: readonly (typeof ROLE_PERMISSIONS)[keyof typeof ROLE_PERMISSIONS][number][]) {
  return visibleSections(permissions).map((section) => [section.key, section.items.map((item) => item.path)]);
}

describe('visibleSections', () => {
  it('shows an employee the dashboard, calling and weighing only', () => {
    expect(outline(ROLE_PERMISSIONS['55'])).toEqual([
      ['main', ['/System/dashboard', '/System/alerts']],
      ['management', ['/System/manageCalling/1', '/System/manageCalling/3', '/System/weighing']],
    ]);
  });

  it('shows security the exit section and hides empty sections', () => {
    expect(outline(ROLE_PERMISSIONS['71'])).toEqual([
      ['main', ['/System/dashboard', '/System/alerts']],
      ['security', ['/System/exitFactory']],
    ]);
  });

  it('shows an admin every section', () => {
    expect(visibleSections(ROLE_PERMISSIONS['1']).map((section) => section.key)).toEqual([
      'main',
      'report',
      'management',
      'security',
      'controller',
      'dataManagement',
      'setting',
    ]);
  });
});

describe('the yard rules page', () => {
  it('is in an admin’s data management section, and no one else’s menu', () => {
    const dataManagement = visibleSections(ROLE_PERMISSIONS['1']).find((s) => s.key === 'dataManagement');
    expect(dataManagement?.items.map((item) => item.path)).toContain('/System/yardRules');
    for (const role of ['51', '55', '56', '71'] as const) {
      const paths = visibleSections(ROLE_PERMISSIONS[role]).flatMap((s) => s.items.map((i) => i.path));
      expect(paths).not.toContain('/System/yardRules');
    }
  });
});

describe('the suppliers page', () => {
  it('is in the data management section of those with the suppliers permission only', () => {
    for (const role of ['0', '1', '51'] as const) {
      const dataManagement = visibleSections(ROLE_PERMISSIONS[role]).find((s) => s.key === 'dataManagement');
      expect(dataManagement?.items.map((item) => item.path)).toContain('/System/suppliers');
    }
    for (const role of ['55', '56', '71', '1000'] as const) {
      const paths = visibleSections(ROLE_PERMISSIONS[role]).flatMap((s) => s.items.map((i) => i.path));
      expect(paths).not.toContain('/System/suppliers');
    }
  });
});

describe('the booking pages', () => {
  it('follow the suppliers and seasons pages in the menus of those with the suppliers permission only', () => {
    for (const role of ['0', '1', '51'] as const) {
      const dataManagement = visibleSections(ROLE_PERMISSIONS[role]).find((s) => s.key === 'dataManagement');
      const paths = dataManagement?.items.map((item) => item.path) ?? [];
      const suppliers = paths.indexOf('/System/suppliers');
      expect(paths.slice(suppliers, suppliers + 4)).toEqual([
        '/System/suppliers',
        '/System/seasons',
        '/System/bookings',
        '/System/bookingPlan',
      ]);
    }
    for (const role of ['55', '56', '71', '1000'] as const) {
      const paths = visibleSections(ROLE_PERMISSIONS[role]).flatMap((s) => s.items.map((i) => i.path));
      expect(paths).not.toContain('/System/bookings');
      expect(paths).not.toContain('/System/bookingPlan');
    }
  });
});

describe('selectedMenuKey', () => {
  it('matches the location whatever its case or trailing slash', () => {
    const sections = visibleSections(ROLE_PERMISSIONS['1']);
    expect(selectedMenuKey('/system/managecalling/3/', sections)).toBe('/System/manageCalling/3');
    expect(selectedMenuKey('/System/reportQueue/abc', sections)).toBeUndefined();
  });
});

describe('the integrations page', () => {
  it("is in an admin's settings section, and no one else's menu", () => {
    const setting = visibleSections(ROLE_PERMISSIONS['1']).find((s) => s.key === 'setting');
    expect(setting?.items.map((item) => item.path)).toContain('/System/integrations');
    for (const role of ['51', '55', '56', '71', '1000'] as const) {
      const paths = visibleSections(ROLE_PERMISSIONS[role]).flatMap((s) => s.items.map((i) => i.path));
      expect(paths).not.toContain('/System/integrations');
    }
  });
});

describe('the goods receipts page', () => {
  it("is in the reports of every role that reads reports, and of no one else's", () => {
    for (const role of Object.keys(ROLE_PERMISSIONS) as (keyof typeof ROLE_PERMISSIONS)[]) {
      const report = visibleSections(ROLE_PERMISSIONS[role]).find((s) => s.key === 'report');
      const paths = report?.items.map((item) => item.path) ?? [];
      expect(paths.includes('/Report/goodsReceipts'), role).toBe(can(role, 'report'));
    }
  });
});

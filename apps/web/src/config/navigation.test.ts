import { describe, expect, it } from 'vitest';
import { isNavGroup, NAVIGATION, visibleDestinations } from '@recruitdesk/contracts/navigation';
import { buildUser } from '@/test/factories';
import { NAV_ICONS, sidebarSections } from './navigation';
import { paths } from './paths';

const appPaths = new Set(Object.values(paths.app).map((entry) => entry.path));
const leaves = NAVIGATION.flatMap((section) =>
  section.items.flatMap((item) => (isNavGroup(item) ? item.children : [item])),
);

describe('the menu definition (one place for the sidebar, the user menu and the search)', () => {
  it('points every item at a route of the app and gives it an icon', () => {
    for (const item of leaves) {
      expect(appPaths, item.id).toContain(item.href);
      expect(NAV_ICONS[item.id], item.id).toBeDefined();
    }
  });

  it('shows Invoices, AI Chat and Data protection to owners only, Import to owners and superusers, everything else to everyone', () => {
    const ids = (types: Parameters<typeof buildUser>[0]) => visibleDestinations(buildUser(types)).map((d) => d.id);
    expect(ids({ user_type: ['owner'] })).toEqual(leaves.map((item) => item.id));
    for (const type of ['superuser', 'recruiter', 'viewer'] as const) {
      expect(ids({ user_type: [type] })).toEqual(
        leaves
          .map((item) => item.id)
          .filter(
            (id) =>
              id !== 'invoices' &&
              id !== 'ai-chat' &&
              id !== 'data-protection' &&
              (id !== 'imports' || type === 'superuser'),
          ),
      );
    }
    // The Account section is the user menu, not the sidebar.
    expect(sidebarSections(buildUser()).map((section) => section.title)).toEqual(['Main', 'Tools', 'Admin']);
  });
});

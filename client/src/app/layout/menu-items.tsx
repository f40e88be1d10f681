import type { ItemType, MenuItemType } from 'antd/es/menu/interface';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useProfile } from '../providers/use-profile.js';
import { canAccess } from '../providers/access-control.js';
import type { Profile } from '../providers/profile.js';
import { APP_RESOURCES, MENU_GROUPS, MENU_SECTIONS, type AppResource, type MenuGroup, type MenuSection } from '../resources.js';
import { useT, type Translate } from '../providers/translate.js';

type MenuItem = ItemType<MenuItemType>;
type Entry = MenuItemType & { section?: MenuSection };

const MENU_RESOURCES = APP_RESOURCES.filter((resource) => resource.menu && resource.list);

function menuEntry(resource: AppResource, allowed: boolean, t: Translate, icon = true): Entry {
  const path = resource.list as string;
  const label = t(resource.label);
  return {
    section: resource.section,
    key: path,
    icon: icon ? resource.icon : undefined,
    disabled: !allowed,
    label: allowed ? (
      <Link to={path}>{label}</Link>
    ) : (
      <span title={t('menu.noPermission')}>{label}</span>
    ),
  };
}

/**
 * The top menu: every item is listed; what the user may not open is disabled, not hidden.
 * The horizontal bar leaves out top-level icons so the English labels fit.
 */
export function buildMenuItems(profile: Profile | undefined, t: Translate, topLevelIcons = true): MenuItem[] {
  const items: (Entry | MenuGroup)[] = [];
  const groups = new Map<MenuGroup, Entry[]>();
  for (const resource of MENU_RESOURCES) {
    const entry = menuEntry(resource, canAccess(profile, resource.area, 'list'), t, topLevelIcons || Boolean(resource.parent));
    if (!resource.parent) {
      const { section: _none, ...plain } = entry;
      items.push(plain);
    } else if (groups.has(resource.parent)) {
      groups.get(resource.parent)?.push(entry);
    } else {
      groups.set(resource.parent, [entry]);
      items.push(resource.parent);
    }
  }
  return items.map((item) => {
    if (typeof item !== 'string') return item;
    const children = groups.get(item) ?? [];
    const { label, icon } = MENU_GROUPS[item];
    // A group is disabled only when none of its screens may be opened.
    const disabled = children.every((child) => child.disabled);
    const items = sectioned(children, t);
    // A sectioned dropdown (the reports: 12 entries under 4 titles) in compact rows, so it fits a 768 px high screen.
    const popupClassName = items.length < children.length ? 'menu-popup-compact' : undefined;
    return { key: `group:${item}`, label: t(label), icon: topLevelIcons ? icon : undefined, children: items, disabled, popupClassName };
  });
}

/** A group's entries under their sections' titles (antd's item groups), in the order they come; entries without a section stay as they are. */
function sectioned(entries: Entry[], t: Translate): MenuItem[] {
  const out: MenuItem[] = [];
  const sections = new Map<MenuSection, MenuItemType[]>();
  for (const { section, ...entry } of entries) {
    if (!section) {
      out.push(entry);
      continue;
    }
    const list = sections.get(section);
    if (list) list.push(entry);
    else {
      const children = [entry];
      sections.set(section, children);
      out.push({ type: 'group', key: `section:${section}`, label: t(MENU_SECTIONS[section]), children });
    }
  }
  return out;
}

export function useMenuItems({ topLevelIcons = true } = {}): MenuItem[] {
  const { t } = useT();
  const { profile } = useProfile();
  return useMemo(() => buildMenuItems(profile, t, topLevelIcons), [profile, t, topLevelIcons]);
}

/** The menu entry whose list path starts the current path (so /departments/edit/3 selects 部署). */
/**
 * The menu entry to light for a path: the screen's own, or for a screen without one (the trip list,
 * the between-centers pages, the calculator) its area's, so that 配車設定 stays lit on every
 * allocation page. A screen inside a group (the reports) without an entry of its own lights none.
 */
export function selectedMenuKeys(pathname: string): string[] {
  const screen = APP_RESOURCES.find((resource) => resource.list && (pathname === resource.list || pathname.startsWith(`${resource.list}/`)));
  const entry = screen?.menu ? screen : MENU_RESOURCES.find((resource) => !screen?.parent && !resource.parent && resource.area === screen?.area);
  return entry ? [entry.list as string] : [];
}

export function useSelectedMenuKeys(): string[] {
  const { pathname } = useLocation();
  return useMemo(() => selectedMenuKeys(pathname), [pathname]);
}

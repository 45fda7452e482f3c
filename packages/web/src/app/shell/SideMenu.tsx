import { DownOutlined } from '@ant-design/icons';
import { SIDE_MENU } from '@circula/model';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '../auth/user-store';
import { AppIcon } from './icons';
import { composeMenu, labelText, type MenuConfs, type NavEntry } from './menu-model';

type Item = NonNullable<MenuProps['items']>[number];

const GROUP_PREFIX = 'group:';
const CHILD_INDENT = 48;

/** The entry whose path is the longest prefix of the current path, with the key of its group. */
export function selectedEntry(entries: NavEntry[], pathname: string): { path: string; groupKey: string | null } | null {
  const candidates = entries.flatMap((e): { path: string; groupKey: string | null }[] => {
    if (e.kind === 'link') return [{ path: e.path, groupKey: null }];
    if (e.kind === 'group') return e.children.map((c) => ({ path: c.path, groupKey: `${GROUP_PREFIX}${e.key}` }));
    return [];
  });
  const matching = candidates.filter((c) => pathname === c.path || pathname.startsWith(`${c.path}/`));
  return matching.sort((a, b) => b.path.length - a.path.length)[0] ?? null;
}

/**
 * The side menu of spec §2. Groups open and close like sub-menus, but their entries are plain
 * items hidden while the group is closed: every readable route keeps exactly one element in the
 * page (antd's sub-menus either leave closed entries out or render them twice).
 */
export function SideMenu({ user, readable, confs, collapsed }: { user: CurrentUser; readable: ReadonlySet<string>; confs: MenuConfs; collapsed: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = useMemo(() => composeMenu(SIDE_MENU, user, readable, 'side', confs), [user, readable, confs]);
  const selected = selectedEntry(entries, pathname);
  const selectedGroup = selected?.groupKey ?? null;
  const [openGroups, setOpenGroups] = useState<string[]>(() => (selectedGroup ? [selectedGroup] : []));

  // reaching an area from elsewhere (a dashboard shortcut) opens its group
  useEffect(() => {
    if (selectedGroup) setOpenGroups((keys) => (keys.includes(selectedGroup) ? keys : [...keys, selectedGroup]));
  }, [selectedGroup]);

  const items = useMemo<Item[]>(
    () =>
      entries.flatMap((e): Item[] => {
        const label = labelText(e.label, t, i18n.language);
        if (e.kind === 'link') return [{ key: e.path, icon: <AppIcon name={e.icon} />, label, 'data-testid': e.testId }];
        if (e.kind !== 'group') return [];
        const key = `${GROUP_PREFIX}${e.key}`;
        const open = openGroups.includes(key);
        return [
          {
            key,
            icon: <AppIcon name={e.icon} />,
            className: !open && selectedGroup === key ? 'side-menu-group side-menu-group--active' : 'side-menu-group',
            label: (
              <span className="side-menu-group__title" aria-expanded={open}>
                {label}
                <DownOutlined className="side-menu-group__arrow" rotate={open ? 180 : 0} />
              </span>
            ),
          },
          ...e.children.map(
            (c): Item => ({
              key: c.path,
              icon: <AppIcon name={c.icon} />,
              label: labelText(c.label, t, i18n.language),
              'data-testid': c.testId,
              style: { ...(open ? {} : { display: 'none' }), ...(collapsed ? {} : { paddingLeft: CHILD_INDENT }) },
            }),
          ),
        ];
      }),
    [entries, openGroups, selectedGroup, collapsed, t, i18n.language],
  );

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (!key.startsWith(GROUP_PREFIX)) {
      navigate(key);
      return;
    }
    setOpenGroups((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  };

  return (
    <Menu
      data-testid="side-menu"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected.path] : []}
      onClick={onClick}
      style={{ borderInlineEnd: 0 }}
    />
  );
}

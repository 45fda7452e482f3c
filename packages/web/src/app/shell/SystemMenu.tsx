import { can, COMPANY_FOOTER, RIGHTS_LINE, SYSTEM_MENU } from '@circula/model';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RegistrationLinkModal } from '../../features/accounts/RegistrationLinkModal';
import { ChangePasswordModal } from '../../features/auth/ChangePasswordModal';
import { logout } from '../auth/session';
import type { CurrentUser } from '../auth/user-store';
import { getEnvironment } from '../environment';
import { AppIcon } from './icons';
import { composeMenu, labelText, type MenuConfs, type NavEntry } from './menu-model';

type Item = NonNullable<MenuProps['items']>[number];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The user's menu (spec §2 "System menu"), opened from the avatar and name in the header. */
export function SystemMenu({ user, readable, confs }: { user: CurrentUser; readable: ReadonlySet<string>; confs: MenuConfs }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [sendingLink, setSendingLink] = useState(false);
  const entries = useMemo(() => composeMenu(SYSTEM_MENU, user, readable, 'system', confs), [user, readable, confs]);
  const env = getEnvironment();

  const paths = useMemo(() => {
    const map = new Map<string, string>();
    const add = (e: NavEntry) => {
      if (e.kind === 'link') map.set(e.key, e.path);
      if (e.kind === 'group') e.children.forEach(add);
    };
    entries.forEach(add);
    return map;
  }, [entries]);

  const items = useMemo<Item[]>(() => {
    const label = (e: NavEntry) => labelText(e.label, t, i18n.language);
    return entries.flatMap((e): Item[] => {
      switch (e.kind) {
        case 'link':
          return [{ key: e.key, icon: <AppIcon name={e.icon} />, label: label(e), 'data-testid': e.testId }];
        case 'action':
          return [
            // administrators and managers invite collaborators from here
            ...(e.key === 'logout' && can(user, 'isAdminOrManager')
              ? [{ type: 'divider' as const }, { key: 'registration-link', icon: <AppIcon name="MailOutlined" />, label: t('ACCOUNTS.REGISTRATION_LINK.MENU'), 'data-testid': 'system-menu-registration-link' }]
              : []),
            ...(e.key === 'logout' ? [{ type: 'divider' as const }] : []),
            { key: e.key, icon: <AppIcon name={e.icon} />, label: label(e), 'data-testid': e.testId, danger: e.key === 'logout' },
          ];
        case 'group':
          return [
            { type: 'divider' as const },
            {
              type: 'group' as const,
              key: `group:${e.key}`,
              label: label(e),
              children: e.children.map((c) => ({ key: c.key, icon: <AppIcon name={c.icon} />, label: label(c), 'data-testid': c.testId })),
            },
          ];
      }
    });
  }, [entries, t, i18n.language, user]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === 'logout') void logout();
    else if (key === 'change-password') setChangingPassword(true);
    else if (key === 'registration-link') setSendingLink(true);
    else {
      const path = paths.get(key);
      if (path) navigate(path);
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        placement="bottomRight"
        menu={{ items, onClick }}
        popupRender={(menu) => (
          <div className="system-menu-panel" data-testid="system-menu">
            {menu}
            <div className="system-menu-footer">
              <div>{env.companyFooter || COMPANY_FOOTER}</div>
              <div>{env.rightsLine || RIGHTS_LINE}</div>
            </div>
          </div>
        )}
      >
        <Button type="text" data-testid="system-menu-trigger" aria-label={t('SYSTEM_MENU.OPEN')} style={{ height: 'auto', padding: '4px 8px' }}>
          <Avatar size="small" style={{ backgroundColor: '#2f7d4f' }}>
            {initials(user.fullname || user.username)}
          </Avatar>
          <span>{user.fullname || user.username}</span>
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changingPassword} username={user.username} onClose={() => setChangingPassword(false)} />
      <RegistrationLinkModal open={sendingLink} onClose={() => setSendingLink(false)} />
    </>
  );
}

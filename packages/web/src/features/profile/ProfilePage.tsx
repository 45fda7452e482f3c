import { PushpinOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Result, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../app/auth/useAuth';
import { notifyDanger } from '../../app/notifications';
import { preferencesStore, useUserPreferences, type PreferencesStore } from '../global-search/preferences';
import { LanguageTab } from './LanguageTab';
import { OwnSessionsTab } from './OwnSessionsTab';
import { PasswordTab } from './PasswordTab';
import { PROFILE_TAB_PREFERENCE, profileTab, type ProfileTab } from './profile-tabs';
import { roleLabel } from './role-label';
import { PrivacyTab } from '../privacy/PrivacyTab';

/**
 * `/profile/:userId`: the signed-in user's own data, language, password and sessions (spec §2);
 * the tab opened first is kept in the user's preferences.
 */
export function ProfilePage({ store = preferencesStore }: { store?: PreferencesStore }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { userId } = useParams();
  const preferences = useUserPreferences(user?.id ?? null, store);
  const [chosen, setChosen] = useState<ProfileTab | null>(null);
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  if (userId !== String(user.id)) {
    return <Result data-testid="profile-other-user" status="info" title={t('PROFILE.TITLE')} subTitle={t('PROFILE.OTHER_USER')} />;
  }

  const preferred = profileTab(preferences.values[PROFILE_TAB_PREFERENCE]);
  const active = chosen ?? preferred;

  const keepAsDefault = async () => {
    setSaving(true);
    try {
      await store.save(user.id, { [PROFILE_TAB_PREFERENCE]: active });
    } catch {
      notifyDanger(t('NOTIFICATIONS.ERROR.TITLE'), t('PROFILE_PAGE.DEFAULT_TAB_ERROR'));
    } finally {
      setSaving(false);
    }
  };

  const none = t('PROFILE.NONE');
  const data = (
    <Descriptions
      column={1}
      bordered
      size="middle"
      items={[
        { key: 'username', label: t('PROFILE.USERNAME'), children: user.username },
        { key: 'fullname', label: t('PROFILE.FULLNAME'), children: user.fullname || none },
        { key: 'email', label: t('PROFILE.EMAIL'), children: user.email || none },
        { key: 'lang', label: t('PROFILE.LANGUAGE'), children: user.lang ? t(`LANGUAGE.${user.lang}`, { defaultValue: user.lang }) : none },
        {
          key: 'roles',
          label: t('PROFILE.ROLES'),
          children: (
            <Space wrap>
              {user.roles.length === 0 ? none : user.roles.map((r) => <Tag key={r}>{roleLabel(r, t)}</Tag>)}
            </Space>
          ),
        },
      ]}
    />
  );

  const isDefault = active === preferred;
  return (
    <div data-testid="profile">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('PROFILE.TITLE')}
      </Typography.Title>
      <Card>
        <Tabs
          data-testid="profile-tabs"
          activeKey={active}
          onChange={(key) => setChosen(profileTab(key))}
          destroyOnHidden
          tabBarExtraContent={
            <Tooltip title={isDefault ? t('PROFILE_PAGE.IS_DEFAULT_TAB') : undefined}>
              <Button
                size="small"
                icon={<PushpinOutlined />}
                disabled={isDefault || !preferences.ready}
                loading={saving}
                onClick={() => void keepAsDefault()}
                data-testid="profile-default-tab"
              >
                {t('PROFILE_PAGE.KEEP_AS_DEFAULT_TAB')}
              </Button>
            </Tooltip>
          }
          items={[
            { key: 'data', label: t('PROFILE.TABS.DATA'), children: data },
            { key: 'language', label: t('PROFILE.TABS.LANGUAGE'), children: <LanguageTab user={user} /> },
            { key: 'password', label: t('PROFILE.TABS.PASSWORD'), children: <PasswordTab username={user.username} /> },
            { key: 'sessions', label: t('PROFILE.TABS.SESSIONS'), children: <OwnSessionsTab /> },
            { key: 'privacy', label: t('PROFILE.TABS.PRIVACY'), children: <PrivacyTab userId={user.id} /> },
          ] satisfies { key: ProfileTab; label: string; children: ReactNode }[]}
        />
      </Card>
    </div>
  );
}

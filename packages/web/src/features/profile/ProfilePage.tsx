import { Card, Descriptions, Result, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../app/auth/useAuth';
import { roleLabel } from './role-label';

function InPreparation() {
  const { t } = useTranslation();
  return <Result status="info" title={t('AREA.IN_PREPARATION')} subTitle={t('PROFILE.TAB_IN_PREPARATION')} />;
}

/** `/profile/:userId`: the signed-in user's own data, read-only; the other tabs come later. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { userId } = useParams();
  if (!user) return null;

  if (userId !== String(user.id)) {
    return <Result data-testid="profile-other-user" status="info" title={t('PROFILE.TITLE')} subTitle={t('PROFILE.OTHER_USER')} />;
  }

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

  return (
    <div data-testid="profile">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('PROFILE.TITLE')}
      </Typography.Title>
      <Card>
        <Tabs
          items={[
            { key: 'data', label: t('PROFILE.TABS.DATA'), children: data },
            { key: 'preferences', label: t('PROFILE.TABS.PREFERENCES'), children: <InPreparation /> },
            { key: 'privacy', label: t('PROFILE.TABS.PRIVACY'), children: <InPreparation /> },
          ]}
        />
      </Card>
    </div>
  );
}

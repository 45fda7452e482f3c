import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import type { ProfileRight, SecurityProfile } from '@circula/model';
import { Descriptions, Drawer, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SecurityViewList } from './SecurityViewList';

const ROUTE = 'profiles';
export const PROFILES_ENDPOINT = '/api/security/profiles';

const Flag = ({ on, testId }: { on: boolean; testId: string }) =>
  on ? <CheckOutlined style={{ color: '#389e0d' }} data-testid={testId} data-on="true" /> : <MinusOutlined style={{ color: '#bfbfbf' }} data-testid={testId} data-on="false" />;

/** What a right allows, as R/W/D letters (the authority suffixes). */
const letters = (right: ProfileRight) => `${right.read ? 'R' : ''}${right.write ? 'W' : ''}${right.delete ? 'D' : ''}`;

/** One user's profile: groups, roles and each feature's rights. */
export function ProfileDetails({ profile }: { profile: SecurityProfile }) {
  const { t } = useTranslation();
  return (
    <div data-testid="profile-details">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: t('SECURITY_VIEWS.NAME'), children: [profile.firstName, profile.lastName].filter(Boolean).join(' ') || '—' },
          { key: 'groups', label: t('SECURITY_VIEWS.GROUPS'), children: <Flex gap={4} wrap>{profile.groups.map((g) => <Tag key={g.code} title={g.code}>{g.name}</Tag>)}</Flex> },
          { key: 'roles', label: t('SECURITY_VIEWS.ROLES'), children: <Flex gap={4} wrap>{profile.roles.map((r) => <Tag key={r} color="blue">{r}</Tag>)}</Flex> },
        ]}
      />
      {profile.admin && <Tag color="gold" data-testid="profile-admin">{t('SECURITY_VIEWS.ADMIN')}</Tag>}
      <Table<ProfileRight>
        size="small"
        style={{ marginTop: 12 }}
        rowKey="prefix"
        pagination={false}
        dataSource={profile.rights}
        locale={{ emptyText: t('SECURITY_VIEWS.NO_RIGHTS') }}
        data-testid="profile-rights"
        onRow={(right) => ({ 'data-testid': `profile-right-${right.prefix}` }) as never}
        columns={[
          { key: 'feature', title: t('SECURITY_VIEWS.FEATURE'), render: (_, r) => <span><Typography.Text code>{r.prefix}</Typography.Text> {r.description}</span> },
          { key: 'read', title: t('SECURITY_VIEWS.READ'), align: 'center', width: 90, render: (_, r) => <Flag on={r.read} testId={`profile-right-${r.prefix}-R`} /> },
          { key: 'write', title: t('SECURITY_VIEWS.WRITE'), align: 'center', width: 90, render: (_, r) => <Flag on={r.write} testId={`profile-right-${r.prefix}-W`} /> },
          { key: 'delete', title: t('SECURITY_VIEWS.DELETE'), align: 'center', width: 110, render: (_, r) => <Flag on={r.delete} testId={`profile-right-${r.prefix}-D`} /> },
        ]}
      />
    </div>
  );
}

/**
 * `/profiles` (spec §2, who reads users): every user with their groups, roles and effective rights
 * (the union of their groups' authorities, all for an administrator), read from the security
 * model; a row opens the user's profile with each feature's read, write and delete.
 */
export function ProfilesPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SecurityProfile | null>(null);
  return (
    <>
      <SecurityViewList<SecurityProfile>
        route={ROUTE}
        endpoint={PROFILES_ENDPOINT}
        rowKey={(p) => String(p.userId)}
        onOpen={setOpen}
        columns={[
          { key: 'username', title: t('SECURITY_VIEWS.USER'), render: (_, p) => <span data-testid={`profile-row-${p.username}`}>{p.username}</span> },
          { key: 'name', title: t('SECURITY_VIEWS.NAME'), render: (_, p) => [p.firstName, p.lastName].filter(Boolean).join(' ') },
          { key: 'groups', title: t('SECURITY_VIEWS.GROUPS'), render: (_, p) => p.groups.map((g) => g.code).join(', ') },
          {
            key: 'rights',
            title: t('SECURITY_VIEWS.RIGHTS'),
            render: (_, p) =>
              p.admin ? (
                <Tag color="gold">{t('SECURITY_VIEWS.ADMIN')}</Tag>
              ) : (
                <Typography.Text ellipsis={{ tooltip: p.rights.map((r) => `${r.prefix} ${letters(r)}`).join(', ') }} style={{ maxWidth: 360 }}>
                  {t('SECURITY_VIEWS.RIGHTS_COUNT', { count: p.rights.length })}: {p.rights.map((r) => `${r.prefix} ${letters(r)}`).join(', ')}
                </Typography.Text>
              ),
          },
          { key: 'enabled', title: '', width: 110, render: (_, p) => (p.enabled ? <Tag color="green">{t('SECURITY_VIEWS.ENABLED')}</Tag> : <Tag>{t('SECURITY_VIEWS.DISABLED')}</Tag>) },
        ]}
      />
      {open && (
        <Drawer open size="large" title={t('SECURITY_VIEWS.DETAILS', { username: open.username })} onClose={() => setOpen(null)}>
          <ProfileDetails profile={open} />
        </Drawer>
      )}
    </>
  );
}

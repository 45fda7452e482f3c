import { findArea, type SecurityAuthorization } from '@circula/model';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SecurityViewList } from './SecurityViewList';

const ROUTE = 'authorizations';
export const AUTHORIZATIONS_ENDPOINT = '/api/security/authorizations';
/** How many holders a row names before "and N more". */
const SHOWN_USERS = 8;

/**
 * `/authorizations` (spec §2, administrators): each authority with the areas it opens, the groups
 * granting it and the users holding it through them, read from the security model.
 */
export function AuthorizationsPage() {
  const { t, i18n } = useTranslation();
  const areaLabel = (route: string) => {
    const area = findArea(route);
    return area ? (i18n.language === 'en' ? area.label.en : area.label.it) : route;
  };
  return (
    <SecurityViewList<SecurityAuthorization>
      route={ROUTE}
      endpoint={AUTHORIZATIONS_ENDPOINT}
      rowKey={(a) => a.code}
      columns={[
        { key: 'code', title: t('SECURITY_VIEWS.CODE'), width: 220, render: (_, a) => <Tag color={a.isRole ? 'blue' : undefined} data-testid={`authorization-${a.code}`}>{a.code}</Tag> },
        { key: 'description', dataIndex: 'description', title: t('SECURITY.AUTHORITIES.DESCRIPTION') },
        { key: 'areas', title: t('SECURITY_VIEWS.AREAS'), render: (_, a) => <Flex gap={4} wrap>{a.areas.map((r) => <Tag key={r}>{areaLabel(r)}</Tag>)}</Flex> },
        { key: 'groups', title: t('SECURITY_VIEWS.GROUPS'), render: (_, a) => a.groups.map((g) => g.code).join(', ') },
        {
          key: 'users',
          title: t('SECURITY_VIEWS.USERS'),
          render: (_, a) => (
            <span data-testid={`authorization-users-${a.code}`}>
              {a.users.slice(0, SHOWN_USERS).map((u) => u.username).join(', ')}
              {a.userCount > SHOWN_USERS ? ` ${t('SECURITY_VIEWS.USERS_MORE', { count: a.userCount - SHOWN_USERS })}` : ''}
            </span>
          ),
        },
      ]}
    />
  );
}

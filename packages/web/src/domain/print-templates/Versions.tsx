import { RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../app/format';
import { notifySuccess } from '../../app/notifications';
import type { RecordSlotContext } from '../slots';
import { PRINT_TEMPLATES_ROUTE, printTemplatesApi, RESTORED_FIELDS, versionsKey, type PrintTemplateVersion } from './print-templates-api';

/**
 * "Versioni" below a saved print template: every save, newest first, each opening on its text.
 * "Ripristina" puts an older version's text into the form (opening it for editing when shown);
 * saving it makes it the newest version, with the usual check that nobody saved in between.
 */
export function Versions({ controller }: RecordSlotContext) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = controller.current?.id;
  const current = Number(controller.current?.version);
  const query = useQuery({
    queryKey: versionsKey(Number(id), current),
    queryFn: ({ signal }) => printTemplatesApi.versions(Number(id), signal),
    enabled: typeof id === 'number',
  });
  if (typeof id !== 'number') return null;

  const restore = (version: PrintTemplateVersion) => {
    const values = Object.fromEntries(RESTORED_FIELDS.map((field) => [field, version.values[field] ?? null]));
    if (controller.formMode === 'update') {
      controller.form.setFieldsValue(values);
      controller.onValuesChange({ ...controller.values, ...values });
    } else {
      void navigate(`/${PRINT_TEMPLATES_ROUTE}/${id}/edit`, { state: { defaults: values } });
    }
    notifySuccess(t('PRINT_TEMPLATES.VERSIONS.RESTORED', { version: version.version }));
  };

  return (
    <Card size="small" title={t('PRINT_TEMPLATES.VERSIONS.TITLE')} data-testid="print-versions" style={{ marginTop: 16 }}>
      <Table<PrintTemplateVersion>
        size="small"
        rowKey="version"
        loading={query.isLoading}
        dataSource={query.data?.items ?? []}
        pagination={false}
        onRow={(version) => ({ 'data-testid': `print-version-${version.version}` }) as never}
        expandable={{
          expandedRowRender: (version) => (
            <Descriptions size="small" column={1} bordered>
              {(['header', 'footer', 'closing'] as const).map((field) => (
                <Descriptions.Item key={field} label={t(`PRINT_TEMPLATES.VERSIONS.PARTS.${field}`)}>
                  <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' }}>{version.values[field] ?? ''}</pre>
                </Descriptions.Item>
              ))}
            </Descriptions>
          ),
        }}
        columns={[
          {
            key: 'version',
            title: t('PRINT_TEMPLATES.VERSIONS.VERSION'),
            render: (_, version) => (
              <>
                {version.version} {version.version === current && <Tag color="green">{t('PRINT_TEMPLATES.VERSIONS.CURRENT')}</Tag>}
              </>
            ),
          },
          { key: 'at', title: t('PRINT_TEMPLATES.VERSIONS.AT'), render: (_, version) => formatDateTime(version.at) },
          { key: 'by', title: t('PRINT_TEMPLATES.VERSIONS.BY'), render: (_, version) => version.by ?? '' },
          {
            key: 'restore',
            title: '',
            align: 'right',
            render: (_, version) =>
              version.version !== current && controller.canWrite && !controller.deleted ? (
                <Button size="small" icon={<RollbackOutlined />} data-testid={`print-version-restore-${version.version}`} onClick={() => restore(version)}>
                  {t('PRINT_TEMPLATES.VERSIONS.RESTORE')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

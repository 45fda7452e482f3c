import { RollbackOutlined } from '@ant-design/icons';
import type { RecordVersion, RecordVersions } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../../api/client';
import { formatDateTime } from '../../app/format';
import { notifySuccess } from '../../app/notifications';
import { textIn } from '../../fields/labels';
import type { RecordController } from '../../records/form/useRecordController';

export interface RecordVersionsProps {
  controller: RecordController;
  /** The fields a restore puts back into the form. */
  restored: readonly string[];
  /** The fields an opened version shows. */
  shown: readonly string[];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * "Versioni" below a saved record whose every save is a version (templates): newest first, each
 * opening on its text. "Ripristina" puts an older version's text into the form (opening the record
 * for editing when shown); saving it makes it the newest version, with the usual check that nobody
 * saved in between (409).
 */
export function RecordVersions({ controller, restored, shown }: RecordVersionsProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { target } = controller;
  const id = controller.current?.id;
  const current = Number(controller.current?.version);
  const query = useQuery({
    // keyed by the record's version too: a save shows its new version at once
    queryKey: ['record-versions', target.endpoint, id, current],
    queryFn: ({ signal }) => http.data<RecordVersions>(`${target.endpoint}/${String(id)}/versions`, { silent: true, signal }),
    enabled: typeof id === 'number',
  });
  if (typeof id !== 'number') return null;
  const label = (field: string) => textIn(target.entity.fields[field]?.label, i18n.language) || field;

  const restore = (version: RecordVersion) => {
    const values = Object.fromEntries(restored.map((field) => [field, version.values[field] ?? null]));
    if (controller.formMode === 'update') {
      controller.form.setFieldsValue(values);
      controller.onValuesChange({ ...controller.values, ...values });
    } else {
      void navigate(`/${target.route}/${id}/edit`, { state: { defaults: values } });
    }
    notifySuccess(t('RECORD_VERSIONS.RESTORED', { version: version.version }));
  };

  return (
    <Card size="small" title={t('RECORD_VERSIONS.TITLE')} data-testid="record-versions" style={{ marginTop: 16 }}>
      <Table<RecordVersion>
        size="small"
        rowKey="version"
        loading={query.isLoading}
        dataSource={query.data?.items ?? []}
        pagination={false}
        onRow={(version) => ({ 'data-testid': `record-version-${version.version}` }) as never}
        expandable={{
          expandedRowRender: (version) => (
            <Descriptions size="small" column={1} bordered>
              {shown.map((field) => (
                <Descriptions.Item key={field} label={label(field)}>
                  <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' }}>{text(version.values[field])}</pre>
                </Descriptions.Item>
              ))}
            </Descriptions>
          ),
        }}
        columns={[
          {
            key: 'version',
            title: t('RECORD_VERSIONS.VERSION'),
            render: (_, version) => (
              <>
                {version.version} {version.version === current && <Tag color="green">{t('RECORD_VERSIONS.CURRENT')}</Tag>}
              </>
            ),
          },
          { key: 'at', title: t('RECORD_VERSIONS.AT'), render: (_, version) => (version.at ? formatDateTime(version.at) : t('RECORD_VERSIONS.INITIAL')) },
          { key: 'by', title: t('RECORD_VERSIONS.BY'), render: (_, version) => version.by ?? '' },
          {
            key: 'restore',
            title: '',
            align: 'right',
            render: (_, version) =>
              version.version !== current && controller.canWrite && !controller.deleted ? (
                <Button size="small" icon={<RollbackOutlined />} data-testid={`record-version-restore-${version.version}`} onClick={() => restore(version)}>
                  {t('RECORD_VERSIONS.RESTORE')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

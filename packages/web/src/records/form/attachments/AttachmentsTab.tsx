import { DeleteOutlined, EyeOutlined, FileOutlined, FormOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Target } from '@circula/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Input, List, Modal, Tabs, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReadableRoutes } from '../../../app/auth/useReadableRoutes';
import { MODAL_WIDTH } from '../../../app/modal-sizes';
import { notifySuccess } from '../../../app/notifications';
import { attachmentsApi, attachmentTargets, virtualFolderPath, type AttachmentRecord, type NoteRecord } from './attachments-api';
import { DocumentViewer } from './DocumentViewer';

export interface AttachmentsTabProps {
  /** Base entity name of the record (subject, warehouse, vehicle). */
  entityName: string;
  recordId: number;
  /** Where a note opened from here leads back to (the record page). */
  backPath: string;
}

const testId = (id: string): Record<`data-${string}`, string> => ({ 'data-testid': id });

function useAbilities(target: Target) {
  const { entities } = useReadableRoutes();
  const conf = entities.find((e) => e.route === target.route);
  return { canRead: conf?.canRead === true, canCreate: conf?.canCreate === true, canDelete: conf?.canDelete === true };
}

function NotesSection({ target, ownerId, backPath }: { target: Target; ownerId: number; backPath: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const can = useAbilities(target);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ title: string; body?: string }>();
  const key = ['attachments', target.route, ownerId];
  const notes = useQuery({ queryKey: key, queryFn: () => attachmentsApi.list<NoteRecord>(target, ownerId), enabled: can.canRead });
  if (!can.canRead) return null;

  async function add(values: { title: string; body?: string }) {
    setSaving(true);
    try {
      await attachmentsApi.create(target, { ownerId, title: values.title.trim(), body: values.body?.trim() || null });
      notifySuccess(t('ATTACHMENTS.NOTES.ADDED'));
      setAdding(false);
      form.resetFields();
      await client.invalidateQueries({ queryKey: key });
    } catch {
      // the http client showed the error
    } finally {
      setSaving(false);
    }
  }

  function remove(note: NoteRecord) {
    modal.confirm({
      width: MODAL_WIDTH.small,
      title: t('ATTACHMENTS.NOTES.DELETE_TITLE'),
      content: t('ATTACHMENTS.NOTES.DELETE_CONFIRM', { title: note.title }),
      okText: t('ATTACHMENTS.DELETE'),
      cancelText: t('ATTACHMENTS.CANCEL'),
      okButtonProps: { danger: true, ...testId('note-delete-confirm') },
      onOk: async () => {
        await attachmentsApi.remove(target, note.id);
        notifySuccess(t('ATTACHMENTS.NOTES.DELETED'));
        await client.invalidateQueries({ queryKey: key });
      },
    });
  }

  return (
    <Card
      size="small"
      data-testid="attachments-notes"
      title={
        <Flex align="center" gap={8}>
          <FormOutlined />
          {t('ATTACHMENTS.NOTES.TITLE')}
        </Flex>
      }
      extra={
        can.canCreate && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="note-add">
            {t('ATTACHMENTS.NOTES.ADD')}
          </Button>
        )
      }
    >
      <List<NoteRecord>
        loading={notes.isPending}
        dataSource={notes.data?.items ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ATTACHMENTS.NOTES.EMPTY')} /> }}
        renderItem={(note) => (
          <List.Item
            data-testid="note-item"
            actions={[
              <Button
                key="open"
                size="small"
                type="text"
                icon={<EyeOutlined />}
                aria-label={t('ATTACHMENTS.OPEN')}
                data-testid="note-open"
                onClick={() => void navigate(virtualFolderPath(target.route, note.id, backPath))}
              />,
              ...(can.canDelete
                ? [<Button key="delete" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('ATTACHMENTS.DELETE')} data-testid="note-delete" onClick={() => remove(note)} />]
                : []),
            ]}
          >
            <List.Item.Meta
              title={note.title}
              description={
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3 }}>
                  {note.body ?? ''}
                </Typography.Paragraph>
              }
            />
          </List.Item>
        )}
      />
      <Modal
        open={adding}
        width={MODAL_WIDTH.small}
        title={t('ATTACHMENTS.NOTES.ADD')}
        okText={t('ATTACHMENTS.SAVE')}
        cancelText={t('ATTACHMENTS.CANCEL')}
        confirmLoading={saving}
        okButtonProps={testId('note-save')}
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => void add(values)}>
          <Form.Item name="title" label={t('ATTACHMENTS.NOTES.FIELD_TITLE')} rules={[{ required: true, whitespace: true, message: t('ATTACHMENTS.REQUIRED') }, { max: 200 }]}>
            <Input data-testid="note-title" maxLength={200} />
          </Form.Item>
          <Form.Item name="body" label={t('ATTACHMENTS.NOTES.FIELD_BODY')} rules={[{ max: 10_000 }]}>
            <Input.TextArea data-testid="note-body" autoSize={{ minRows: 3, maxRows: 10 }} style={{ resize: 'vertical' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

function DocumentsSection({ target, authority, ownerId }: { target: Target; authority: string; ownerId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const can = useAbilities(target);
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<AttachmentRecord | null>(null);
  const key = ['attachments', target.route, ownerId];
  const documents = useQuery({ queryKey: key, queryFn: () => attachmentsApi.list<AttachmentRecord>(target, ownerId), enabled: can.canRead });
  if (!can.canRead) return null;

  async function upload(file: File) {
    setUploading(true);
    try {
      const stored = await attachmentsApi.upload(file, authority, ownerId);
      await attachmentsApi.create(target, { ownerId, document: stored.id });
      notifySuccess(t('ATTACHMENTS.DOCUMENTS.ADDED'));
      await client.invalidateQueries({ queryKey: key });
    } catch {
      // the http client showed the error
    } finally {
      setUploading(false);
    }
  }

  function remove(document: AttachmentRecord) {
    modal.confirm({
      width: MODAL_WIDTH.small,
      title: t('ATTACHMENTS.DOCUMENTS.DELETE_TITLE'),
      content: t('ATTACHMENTS.DOCUMENTS.DELETE_CONFIRM', { title: document.title ?? document.fileName }),
      okText: t('ATTACHMENTS.DELETE'),
      cancelText: t('ATTACHMENTS.CANCEL'),
      okButtonProps: { danger: true, ...testId('document-delete-confirm') },
      onOk: async () => {
        await attachmentsApi.remove(target, document.id);
        notifySuccess(t('ATTACHMENTS.DOCUMENTS.DELETED'));
        await client.invalidateQueries({ queryKey: key });
      },
    });
  }

  return (
    <Card
      size="small"
      data-testid="attachments-documents"
      title={
        <Flex align="center" gap={8}>
          <FileOutlined />
          {t('ATTACHMENTS.DOCUMENTS.TITLE')}
        </Flex>
      }
      extra={
        can.canCreate && (
          <Upload
            showUploadList={false}
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png,*/*"
            beforeUpload={(file) => {
              void upload(file);
              // the file goes through the documents API, not antd's own request
              return false;
            }}
          >
            <Button size="small" type="primary" icon={<UploadOutlined />} loading={uploading} data-testid="document-upload">
              {t('ATTACHMENTS.DOCUMENTS.UPLOAD')}
            </Button>
          </Upload>
        )
      }
    >
      <List<AttachmentRecord>
        loading={documents.isPending}
        dataSource={documents.data?.items ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ATTACHMENTS.DOCUMENTS.EMPTY')} /> }}
        renderItem={(document) => (
          <List.Item
            data-testid="document-item"
            actions={[
              <Button key="open" size="small" type="text" icon={<EyeOutlined />} aria-label={t('ATTACHMENTS.OPEN')} data-testid="document-open" onClick={() => setViewing(document)} />,
              ...(can.canDelete
                ? [<Button key="delete" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('ATTACHMENTS.DELETE')} data-testid="document-delete" onClick={() => remove(document)} />]
                : []),
            ]}
          >
            <List.Item.Meta title={document.title ?? document.fileName} description={[document.fileName, document.mimeType].filter(Boolean).join(' · ')} />
          </List.Item>
        )}
      />
      <Modal open={viewing !== null} width={MODAL_WIDTH.large} footer={null} onCancel={() => setViewing(null)} destroyOnHidden title={null}>
        {viewing && <DocumentViewer documentId={viewing.document} title={viewing.title ?? viewing.fileName ?? undefined} />}
      </Modal>
    </Card>
  );
}

/** The "Allegati e note" tab of a record page: the record's notes and documents. */
export function AttachmentsTab({ entityName, recordId, backPath }: AttachmentsTabProps) {
  const { t } = useTranslation();
  const targets = attachmentTargets(entityName);
  if (!targets) return null;
  return (
    <Tabs
      style={{ marginTop: 16 }}
      data-testid="record-tabs"
      items={[
        {
          key: 'attachments',
          label: <span data-testid="attachments-tab">{t('ATTACHMENTS.TAB')}</span>,
          children: (
            <Flex vertical gap={16}>
              <NotesSection target={targets.notes} ownerId={recordId} backPath={backPath} />
              <DocumentsSection target={targets.documents} authority={targets.authority} ownerId={recordId} />
            </Flex>
          ),
        },
      ]}
    />
  );
}

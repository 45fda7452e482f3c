import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/client';
import { DocumentLink } from '../document-link';
import type { FieldInputProps } from '../types';

/**
 * A document field: the linked document (opens it), a button to upload a file in its place and
 * one to unlink it. The file goes to `POST /api/resources/document` with no owner: the record
 * adopts it when saved (the server accepts the caller's own unowned upload, nothing else), so a
 * form left unsaved leaves only an orphan upload, never a changed record.
 */
export function DocumentInput({ value, onChange, disabled, id }: FieldInputProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const stored = await http.upload<{ id: number }>('/api/resources/document', form);
      onChange?.(stored.id);
    } catch {
      // the http client showed the error (too large, a type that is not accepted…)
    } finally {
      setUploading(false);
    }
  }

  const uploadButton = !disabled && (
    <Upload
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(file);
        // the file goes through the documents API, not antd's own request
        return false;
      }}
    >
      <Button size="small" icon={<UploadOutlined />} loading={uploading} data-testid="document-input-upload">
        {typeof value === 'number' ? t('FIELDS.DOCUMENT.REPLACE') : t('FIELDS.DOCUMENT.UPLOAD')}
      </Button>
    </Upload>
  );

  if (typeof value !== 'number') {
    return (
      <Flex id={id} align="center" gap={8}>
        <Typography.Text type="secondary">{t('FIELDS.DOCUMENT.NONE')}</Typography.Text>
        {uploadButton}
      </Flex>
    );
  }
  return (
    <Flex id={id} align="center" gap={4} wrap>
      <DocumentLink id={value} />
      {!disabled && <Button size="small" type="text" danger icon={<CloseOutlined />} aria-label={t('FIELDS.DOCUMENT.REMOVE')} onClick={() => onChange?.(null)} />}
      {uploadButton}
    </Flex>
  );
}

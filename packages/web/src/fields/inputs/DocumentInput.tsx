import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentLink } from '../document-link';
import type { FieldInputProps } from '../types';

/**
 * A document field: the linked document (opens it) and a button to unlink it. Uploading a new file
 * is not here yet: the http client cannot send multipart bodies (see the report).
 */
export function DocumentInput({ value, onChange, disabled, id }: FieldInputProps) {
  const { t } = useTranslation();
  if (typeof value !== 'number') {
    return (
      <Typography.Text id={id} type="secondary">
        {t('FIELDS.DOCUMENT.NONE')}
      </Typography.Text>
    );
  }
  return (
    <Flex id={id} align="center" gap={4}>
      <DocumentLink id={value} />
      {!disabled && <Button size="small" type="text" danger icon={<CloseOutlined />} aria-label={t('FIELDS.DOCUMENT.REMOVE')} onClick={() => onChange?.(null)} />}
    </Flex>
  );
}

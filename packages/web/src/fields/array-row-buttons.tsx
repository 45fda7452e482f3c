import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/** A form array row's buttons (spec §4): add a row after this one, remove this one. */
export function ArrayRowButtons({ onAdd, onRemove }: { onAdd: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex gap={4}>
      <Button size="small" color="green" variant="solid" icon={<PlusOutlined />} aria-label={t('FIELDS.ARRAY.ADD')} title={t('FIELDS.ARRAY.ADD')} onClick={onAdd} />
      <Button size="small" color="danger" variant="solid" icon={<MinusOutlined />} aria-label={t('FIELDS.ARRAY.REMOVE')} title={t('FIELDS.ARRAY.REMOVE')} onClick={onRemove} />
    </Flex>
  );
}

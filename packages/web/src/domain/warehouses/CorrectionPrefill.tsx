import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { recordApi } from '../../records/form/record-api';
import type { RecordController } from '../../records/form/useRecordController';
import { correctedId, correctionValues, CORRECTS_PARAM } from './ledger-correction';

/**
 * The create form of a ledger row opened by "Rettifica" (`?corrects={id}`): reads the corrected row
 * (the record page's cache has it), fills the form with it once, and says what the server will
 * post. Without the parameter it shows nothing.
 */
export function CorrectionPrefill({ controller }: { controller: RecordController }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = correctedId(params.get(CORRECTS_PARAM));
  const { target, form, onValuesChange } = controller;
  const query = useQuery({
    queryKey: ['record', target.route, id],
    queryFn: () => recordApi.get(target, id!),
    enabled: id !== null,
  });
  const filled = useRef<number | null>(null);
  const row = query.data;

  useEffect(() => {
    if (!row || filled.current === row.id) return;
    filled.current = row.id;
    form.setFieldsValue(correctionValues(row));
    onValuesChange(form.getFieldsValue(true));
  }, [row, form, onValuesChange]);

  if (id === null) return null;
  if (query.isError) return <Alert type="error" showIcon title={t('WAREHOUSES.LEDGER.CORRECTION_MISSING')} data-testid="ledger-correction" />;
  if (!row) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t('WAREHOUSES.LEDGER.CORRECTION_TITLE', { number: row.registerNumber ?? '', year: row.registerYear ?? '' })}
      description={t('WAREHOUSES.LEDGER.CORRECTION_TEXT')}
      data-testid="ledger-correction"
      style={{ marginBottom: 16 }}
    />
  );
}

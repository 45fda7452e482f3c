import { CATALOGUE, type Target, todayInItaly } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../app/format';
import { recordApi } from '../../records/form/record-api';
import type { RecordController } from '../../records/form/useRecordController';
import { COLLECT_PARAM, collectedInvoiceId, INVOICES_ROUTE } from './invoice-rules';
import { collectionValues } from './payment-state';

const INVOICES = CATALOGUE.target(INVOICES_ROUTE) as Target;

/**
 * The create form of a collection opened by "Registra incasso" (`?invoice={id}`): reads the
 * invoice afresh (its collections may have changed since its page was shown), fills the form once
 * with it, what remains to collect and today's value date, and says which invoice it is for.
 * Without the parameter it shows nothing.
 */
export function CollectionPrefill({ controller }: { controller: RecordController }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = collectedInvoiceId(params.get(COLLECT_PARAM));
  const { form, onValuesChange } = controller;
  const query = useQuery({
    queryKey: ['record', INVOICES_ROUTE, id],
    queryFn: () => recordApi.get(INVOICES, id!),
    enabled: id !== null,
    staleTime: 0,
  });
  const filled = useRef<number | null>(null);
  // the values of the server's current version, not of a cached one
  const invoice = query.isFetchedAfterMount ? query.data : undefined;

  useEffect(() => {
    if (!invoice || filled.current === invoice.id) return;
    filled.current = invoice.id;
    form.setFieldsValue(collectionValues(invoice, todayInItaly()));
    onValuesChange(form.getFieldsValue(true));
  }, [invoice, form, onValuesChange]);

  if (id === null) return null;
  if (query.isError) return <Alert type="error" showIcon title={t('INVOICES.COLLECTION.MISSING')} data-testid="invoice-collection" />;
  if (!invoice) return null;
  const values = collectionValues(invoice, todayInItaly());
  return (
    <Alert
      type="info"
      showIcon
      title={t('INVOICES.COLLECTION.TITLE', { number: invoice.documentNumber ?? invoice.code ?? invoice.id })}
      description={values.amount === null ? t('INVOICES.COLLECTION.NOTHING_DUE') : t('INVOICES.COLLECTION.TEXT', { amount: formatMoney(values.amount as number) })}
      data-testid="invoice-collection"
      style={{ marginBottom: 16 }}
    />
  );
}

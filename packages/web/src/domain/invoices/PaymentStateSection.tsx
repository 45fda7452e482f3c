import { todayInItaly } from '@circula/model';
import { Card, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../app/format';
import { formatApiDate } from '../../fields/format-value';
import type { RecordData } from '../../records/form/record-api';

import { paymentState } from './payment-state';

/**
 * The payment of an issued invoice, below its fields: the amount due, what was collected and what
 * remains, in Italian money; red "Scaduta da N giorni" when its due date is past (the Italian
 * calendar day) and money is still expected, green "Pagata" when the collections cover it. Nothing
 * on a draft.
 */
export function PaymentStateSection({ invoice, today = todayInItaly() }: { invoice: RecordData; today?: string }) {
  const { t } = useTranslation();
  const state = paymentState(invoice, today);
  if (!state) return null;
  const tag = state.tag;
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" wrap>
          {t('INVOICES.PAYMENT.TITLE')}
          {tag?.kind === 'OVERDUE' && (
            <Tag color="red" data-testid="invoice-overdue" data-days={tag.days}>
              {t('INVOICES.PAYMENT.OVERDUE', { count: tag.days })}
            </Tag>
          )}
          {tag?.kind === 'PAID' && (
            <Tag color="green" data-testid="invoice-paid">
              {t('INVOICES.PAYMENT.PAID')}
            </Tag>
          )}
        </Flex>
      }
      style={{ marginTop: 16 }}
      data-testid="invoice-payment-state"
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          { key: 'payable', label: t('INVOICES.PAYMENT.PAYABLE'), children: <span data-testid="invoice-payable">{formatMoney(Number(state.payable))}</span> },
          { key: 'collected', label: t('INVOICES.PAYMENT.COLLECTED'), children: <span data-testid="invoice-collected">{formatMoney(Number(state.collected))}</span> },
          { key: 'remaining', label: t('INVOICES.PAYMENT.REMAINING'), children: <span data-testid="invoice-remaining">{formatMoney(Number(state.remaining))}</span> },
          { key: 'due', label: t('INVOICES.PAYMENT.DUE_DATE'), children: formatApiDate(invoice.dueDate) || '—' },
        ]}
      />
    </Card>
  );
}

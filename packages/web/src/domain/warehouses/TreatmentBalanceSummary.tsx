import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import type { RecordController } from '../../records/form/useRecordController';
import { balanceOf, kg, treatmentBalance } from './treatment-balance';

/**
 * The mass balance of a treatment below its fields: inputs, outputs, the loss and the declared
 * window, from the lines as the user types (the server's own totals once saved), red when the
 * outputs fall outside it — the server would refuse it with TREATMENT_BALANCE.
 */
export function TreatmentBalanceSummary({ controller }: { controller: RecordController }) {
  const { t } = useTranslation();
  const { readOnly, current, values } = controller;
  // a saved treatment shown as it is: the server's totals; while editing, the lines being typed
  const balance =
    readOnly && current && current.inputKg != null
      ? balanceOf(kg(current.inputKg), kg(current.outputKg), kg(current.declaredLossPct))
      : treatmentBalance(values);
  if (!balance) {
    return (
      <Typography.Text type="secondary" data-testid="treatment-balance" data-balanced="unknown">
        {t('WAREHOUSES.TREATMENT.EMPTY')}
      </Typography.Text>
    );
  }
  const figures = {
    inputKg: formatNumber(balance.inputKg),
    outputKg: formatNumber(balance.outputKg),
    lossKg: formatNumber(balance.lossKg),
    lossPct: formatNumber(balance.lossPct),
    allowedPct: formatNumber(balance.allowedPct),
    minKg: formatNumber(balance.minKg),
    maxKg: formatNumber(balance.maxKg),
  };
  return (
    <Alert
      type={balance.balanced ? 'success' : 'error'}
      showIcon
      title={t('WAREHOUSES.TREATMENT.BALANCE', figures)}
      description={balance.balanced ? undefined : t('WAREHOUSES.TREATMENT.OUT_OF_WINDOW', figures)}
      data-testid="treatment-balance"
      data-balanced={balance.balanced}
    />
  );
}

import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordController } from '../../records/form/useRecordController';
import { NEXT_SIGNATURE, type FirRecord } from './fir-api';
import { Signatures } from './FirPanel';
import { useFirSigning } from './useFirSigning';

/** The signatures of a FIR on its own page, with the next one to give (the page reloads the FIR after it). */
export function FirSignatureSection({ controller }: { controller: RecordController }) {
  const { t } = useTranslation();
  const signing = useFirSigning(() => controller.conflict.reload());
  const fir = controller.current as FirRecord | null;
  if (!fir) return null;
  const next = fir.status ? NEXT_SIGNATURE[fir.status] : undefined;
  return (
    <Card size="small" title={t('FIR.SIGNATURES')} style={{ marginTop: 16 }} data-testid="fir-signatures">
      <Space wrap>
        <Signatures fir={fir} />
        {next && (
          <Button type="primary" loading={signing.busy === fir.id} onClick={() => signing.sign(fir, Number(fir.transport), next)} data-testid="fir-sign">
            {t(`FIR.SIGN_AS.${next}`)}
          </Button>
        )}
      </Space>
      {signing.dialog}
    </Card>
  );
}

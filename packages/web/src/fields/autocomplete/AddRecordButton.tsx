import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInRouterContext, useLocation, useNavigate } from 'react-router';
import { SKIP_LEAVE_GUARD, startAddRecord } from './add-record';

interface Props {
  /** The form field the new record is chosen in once saved. */
  name: string;
  /** The route of the related entity (its `{route}/new` page creates the record). */
  targetRoute: string;
  multiple?: boolean;
  disabled?: boolean;
}

function AddRecord({ name, targetRoute, multiple = false, disabled }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const navigate = useNavigate();
  const location = useLocation();
  if (!form) return null;
  const add = () => {
    const path = `${location.pathname}${location.search}`;
    const to = startAddRecord(targetRoute, { path, field: name, multiple, values: form.getFieldsValue(true) as Record<string, unknown> });
    void navigate(to, { state: SKIP_LEAVE_GUARD });
  };
  return (
    <Tooltip title={t('WIDGETS.AUTOCOMPLETE.ADD_RECORD')}>
      <Button icon={<PlusOutlined />} aria-label={t('WIDGETS.AUTOCOMPLETE.ADD_RECORD')} disabled={disabled} onClick={add} data-testid={`add-record-${name}`} />
    </Tooltip>
  );
}

/**
 * The autocomplete's "add record" option (spec §2): keeps the current form in local storage under
 * `formData` and opens the related entity's new-record page, which comes back here once saved with
 * the new record chosen. Shown only inside a routed form.
 */
export function AddRecordButton(props: Props) {
  return useInRouterContext() ? <AddRecord {...props} /> : null;
}

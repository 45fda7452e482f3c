import { todayInItaly } from '@circula/model';
import { ClockCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FILTERS_PARAM, parseListFilters, withListFilters } from '../../records/list/list-url';
import { isOverdueFilter, overdueFilters, showsOverdue } from './invoice-rules';

/**
 * "Scadute" on the invoice list: the generic list's field filters (the `filters` URL parameter,
 * list-url.ts) set to the invoices overdue today — due before today (the Italian calendar day),
 * issued or sent, not (fully) paid. The free text stays; a second click shows every invoice again.
 */
export function OverdueFilterButton() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = parseListFilters(params.get(FILTERS_PARAM));
  const active = showsOverdue(current.filters);

  const toggle = () => {
    const others = current.filters.filter((f) => !isOverdueFilter(f));
    setParams((previous) => withListFilters(previous, { query: current.query, filters: active ? others : [...others, ...overdueFilters(todayInItaly())] }), { replace: true });
  };

  return (
    <Button icon={<ClockCircleOutlined />} type={active ? 'primary' : 'default'} danger={active} aria-pressed={active} onClick={toggle} data-testid="invoice-overdue-filter">
      {t('INVOICES.OVERDUE_FILTER')}
    </Button>
  );
}

import type { LongTextField, TextField } from '@circula/model';
import { Checkbox, DatePicker, Input, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../app/format';
import { CronInput } from '../../features/cron/CronInput';
import { usePickerLocale } from '../picker-locale';
import type { FieldInputProps } from '../types';

export function TextInput(props: FieldInputProps<TextField>) {
  const { field: text, value, onChange, disabled, id } = props;
  // a quartz expression is edited with the cron helper (spec §9)
  if (text.widget === 'cron') return <CronInput {...props} />;
  return (
    <Input
      id={id}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      maxLength={text.max}
      onChange={(e) => {
        const next = text.upper ? e.target.value.toUpperCase() : e.target.value;
        onChange?.(next === '' ? null : next);
      }}
    />
  );
}

/** Resizes vertically only (spec §9). */
export function LongTextInput({ field, value, onChange, disabled, id }: FieldInputProps<LongTextField>) {
  return (
    <Input.TextArea
      id={id}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      maxLength={field.max}
      autoSize={{ minRows: 3, maxRows: 12 }}
      style={{ resize: 'vertical' }}
      onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)}
    />
  );
}

export function BooleanInput({ value, onChange, disabled, id }: FieldInputProps) {
  return <Checkbox id={id} checked={value === true} disabled={disabled} onChange={(e) => onChange?.(e.target.checked)} />;
}

/** API value 'YYYY-MM-DD', shown dd/mm/yyyy, weeks from Monday. */
export function DateInput({ value, onChange, disabled, id }: FieldInputProps) {
  const locale = usePickerLocale();
  const parsed = typeof value === 'string' && value ? dayjs(value, 'YYYY-MM-DD') : null;
  return (
    <DatePicker
      id={id}
      locale={locale}
      format={DATE_FORMAT}
      value={parsed?.isValid() ? parsed : null}
      disabled={disabled}
      style={{ width: '100%' }}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
    />
  );
}

/** API value an ISO instant; shown dd/mm/yyyy hh:mm in the browser's time zone. */
export function DateTimeInput({ value, onChange, disabled, id }: FieldInputProps) {
  const locale = usePickerLocale();
  const parsed = typeof value === 'string' && value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      locale={locale}
      showTime={{ format: 'HH:mm' }}
      format={DATE_TIME_FORMAT}
      value={parsed?.isValid() ? parsed : null}
      disabled={disabled}
      style={{ width: '100%' }}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.second(0).millisecond(0).toISOString() : null)}
    />
  );
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** hh:mm, 24 hours (API 'HH:mm'). */
export function TimeInput({ value, onChange, disabled, id }: FieldInputProps) {
  const m = typeof value === 'string' ? TIME.exec(value) : null;
  const parsed = m ? dayjs().hour(Number(m[1])).minute(Number(m[2])).second(0).millisecond(0) : null;
  return (
    <TimePicker
      id={id}
      format="HH:mm"
      minuteStep={1}
      needConfirm={false}
      value={parsed}
      disabled={disabled}
      style={{ width: '100%' }}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format('HH:mm') : null)}
    />
  );
}

import type { TextField } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/client';
import { ApiError, errorBodyToMessage } from '../../api/errors';
import type { FieldInputProps } from '../../fields/types';
import {
  BASE_FREQUENCIES,
  buildCron,
  CRON_OPTIONS,
  DEFAULT_FORM,
  describeCron,
  formatRunTime,
  monthName,
  parseCron,
  weekdayName,
  type BaseFrequency,
  type CronForm,
  type CronLang,
} from './cron-helper';

interface Preview {
  expression: string;
  timezone: string;
  runs: string[];
}

/** The next run times of an expression, from the server (the same computation the runner uses). */
const fetchPreview = (cron: string, timezone: string, signal?: AbortSignal) =>
  http.data<Preview>('/api/conf/scheduler/preview', { query: { cron, timezone }, silent: true, ...(signal ? { signal } : {}) });

/** A value settled for `ms` (what is typed by hand is previewed once the typing pauses). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The cron helper (spec §9) as the input of a quartz expression field: a base frequency and the
 * minutes, hours, days and months it runs on build the expression; what the helper cannot hold is
 * typed by hand ("Personalizzata"). Below, the schedule in a sentence and its next five run times
 * in the entry's time zone (the form's `timezone`), dd/mm/yyyy HH:mm.
 */
export function CronInput({ value, onChange, disabled, id }: FieldInputProps<TextField>) {
  const { t, i18n } = useTranslation();
  const lang: CronLang = i18n.language.startsWith('en') ? 'en' : 'it';
  const expression = typeof value === 'string' ? value : '';
  const [form, setForm] = useState<CronForm>(() => parseCron(expression));
  // a value set from outside (the record loaded, the form reset) is read back into the helper
  useEffect(() => {
    setForm((current) => (buildCron(current) === expression ? current : parseCron(expression)));
  }, [expression]);

  const formInstance = Form.useFormInstance();
  const zone = Form.useWatch('timezone', formInstance);
  const timezone = typeof zone === 'string' && zone ? zone : 'Europe/Rome';
  const settled = useSettled(expression, 400);
  const preview = useQuery({
    queryKey: ['scheduler-preview', settled, timezone],
    queryFn: ({ signal }) => fetchPreview(settled, timezone, signal),
    enabled: settled.trim() !== '',
    retry: false,
  });

  const change = (next: CronForm) => {
    setForm(next);
    const built = buildCron(next);
    onChange?.(built === '' ? null : built);
  };
  const set = (values: Partial<CronForm>) => change({ ...form, ...values });
  const setBase = (base: BaseFrequency) =>
    change(base === 'none' ? { ...form, baseFrequency: 'none', expression: buildCron(form) } : { ...DEFAULT_FORM, ...(base === 'minute' ? {} : { minutes: [0], hours: [6] }), baseFrequency: base });

  const numbersSelect = (key: 'minutes' | 'hours' | 'daysOfMonth' | 'daysOfWeek' | 'months', label: string, options: readonly number[], text: (n: number) => string) => (
    <Select<number[]>
      mode="multiple"
      aria-label={label}
      placeholder={label}
      disabled={disabled}
      value={form[key]}
      options={options.map((n) => ({ value: n, label: text(n) }))}
      onChange={(values) => set({ [key]: values })}
      style={{ minWidth: 160, flex: 1 }}
      data-testid={`cron-${key}`}
    />
  );
  const times = (
    <>
      {numbersSelect('hours', t('SCHEDULER.CRON.HOURS'), CRON_OPTIONS.hours, pad)}
      {numbersSelect('minutes', t('SCHEDULER.CRON.MINUTES'), CRON_OPTIONS.minutes, pad)}
    </>
  );
  const errorText = preview.error
    ? errorBodyToMessage(preview.error instanceof ApiError ? preview.error.body : null, (key, options) => t(key, options ?? {}), i18n.language)
    : null;

  return (
    <Flex vertical gap={8} style={{ width: '100%' }} data-testid="cron-helper">
      <Flex wrap gap={8}>
        <Select<BaseFrequency>
          aria-label={t('SCHEDULER.CRON.BASE')}
          disabled={disabled}
          value={form.baseFrequency}
          options={BASE_FREQUENCIES.map((b) => ({ value: b, label: t(`SCHEDULER.CRON.BASES.${b}`) }))}
          onChange={setBase}
          style={{ minWidth: 220 }}
          data-testid="cron-base"
        />
        {form.baseFrequency === 'none' && (
          <Input
            id={id}
            aria-label={t('SCHEDULER.CRON.EXPRESSION')}
            placeholder="0 0 6 * * ?"
            disabled={disabled}
            maxLength={120}
            value={form.expression}
            onChange={(e) => set({ expression: e.target.value })}
            style={{ flex: 1, minWidth: 200 }}
            data-testid="cron-expression"
          />
        )}
        {form.baseFrequency === 'minute' && (
          <Select<number>
            aria-label={t('SCHEDULER.CRON.INTERVAL')}
            disabled={disabled}
            value={form.minutes[0] ?? 5}
            options={CRON_OPTIONS.intervals.map((n) => ({ value: n, label: String(n) }))}
            onChange={(n) => set({ minutes: [n] })}
            style={{ minWidth: 100 }}
            data-testid="cron-interval"
          />
        )}
        {form.baseFrequency === 'hour' && numbersSelect('minutes', t('SCHEDULER.CRON.MINUTES'), CRON_OPTIONS.minutes, pad)}
        {form.baseFrequency === 'day' && times}
        {form.baseFrequency === 'week' && (
          <>
            {numbersSelect('daysOfWeek', t('SCHEDULER.CRON.DAYS_OF_WEEK'), CRON_OPTIONS.daysOfWeek, (d) => weekdayName(d, lang))}
            {times}
          </>
        )}
        {(form.baseFrequency === 'month' || form.baseFrequency === 'year') && (
          <>
            {form.baseFrequency === 'year' && numbersSelect('months', t('SCHEDULER.CRON.MONTHS'), CRON_OPTIONS.months, (m) => monthName(m, lang))}
            {numbersSelect('daysOfMonth', t('SCHEDULER.CRON.DAYS_OF_MONTH'), CRON_OPTIONS.daysOfMonth, String)}
            {times}
          </>
        )}
      </Flex>
      <Typography.Text strong data-testid="cron-sentence">
        {describeCron(form, lang)}
      </Typography.Text>
      {form.baseFrequency !== 'none' && (
        <Typography.Text type="secondary" code data-testid="cron-expression-built">
          {expression}
        </Typography.Text>
      )}
      {errorText && settled === expression && (
        <Typography.Text type="danger" data-testid="cron-preview-error">
          {errorText}
        </Typography.Text>
      )}
      {preview.data && settled === expression && (
        <div data-testid="cron-next-runs">
          <Typography.Text type="secondary">{t('SCHEDULER.CRON.NEXT_RUNS')}: </Typography.Text>
          {preview.data.runs.length === 0 ? (
            <Typography.Text type="secondary">{t('SCHEDULER.CRON.NO_RUNS')}</Typography.Text>
          ) : (
            <Typography.Text>{preview.data.runs.map((run) => formatRunTime(run, preview.data.timezone)).join(' · ')}</Typography.Text>
          )}
        </div>
      )}
    </Flex>
  );
}

import type { DatePickerProps } from 'antd';
import enDatePicker from 'antd/es/date-picker/locale/en_US';
import itDatePicker from 'antd/es/date-picker/locale/it_IT';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/it';
import { useTranslation } from 'react-i18next';

type PickerLocale = NonNullable<DatePickerProps['locale']>;

// the ES modules: the CommonJS `antd/locale/*` entries lose their default export in the build
const IT = itDatePicker as PickerLocale;
// English pickers use the British calendar: weeks from Monday, like the Italian ones (spec §9)
const EN = { ...(enDatePicker as PickerLocale), lang: { ...(enDatePicker as PickerLocale).lang, locale: 'en_GB' } } as PickerLocale;

/** The antd picker locale of the UI language; both start the week on Monday. */
export function usePickerLocale(): PickerLocale {
  const { i18n } = useTranslation();
  return i18n.language?.startsWith('en') ? EN : IT;
}

import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, supportedLanguages } from '../language';

/** it / en; the choice is remembered in this browser and wins over the user's language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      data-testid="language-switch"
      aria-label={t('LANGUAGE.SWITCH')}
      size="small"
      value={i18n.language}
      options={supportedLanguages().map((lang) => ({ value: lang, label: lang.toUpperCase(), title: t(`LANGUAGE.${lang}`) }))}
      onChange={(lang) => void chooseLanguage(String(lang))}
    />
  );
}

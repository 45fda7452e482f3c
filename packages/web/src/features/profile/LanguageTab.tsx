import { Button, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userStore, type CurrentUser } from '../../app/auth/user-store';
import { chooseLanguage, explicitLanguage, setLanguage, supportedLanguages } from '../../app/language';
import { notifySuccess } from '../../app/notifications';
import { reportError } from '../../records/form/record-errors';
import { securityApi } from '../security/security-api';

/**
 * The user's own language, saved on the server (mails and the next sign-in use it). The interface
 * switches to it at once; a choice made with the header's switch is updated too, as it would
 * otherwise keep winning.
 */
export function LanguageTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const languages = supportedLanguages();
  const [value, setValue] = useState<string>(user.lang && languages.includes(user.lang) ? user.lang : (languages[0] ?? 'it'));
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const { lang } = await securityApi.saveOwnLanguage(value);
      const current = userStore.get();
      if (current && current.id === user.id) userStore.set({ ...current, lang });
      if (explicitLanguage() !== null) await chooseLanguage(lang);
      else await setLanguage(lang);
      notifySuccess(t('PROFILE_PAGE.LANGUAGE_SAVED', { language: t(`LANGUAGE.${lang}`) }));
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" data-testid="profile-language">
      <Typography.Text type="secondary">{t('PROFILE_PAGE.LANGUAGE_HINT')}</Typography.Text>
      <Radio.Group value={value} onChange={(e) => setValue(String(e.target.value))} data-testid="profile-language-choice">
        {languages.map((lang) => (
          <Radio key={lang} value={lang} data-testid={`profile-language-${lang}`}>
            {t(`LANGUAGE.${lang}`)}
          </Radio>
        ))}
      </Radio.Group>
      <Button type="primary" loading={saving} disabled={value === user.lang} onClick={() => void save()} data-testid="profile-language-save">
        {t('SECURITY.SAVE')}
      </Button>
    </Space>
  );
}

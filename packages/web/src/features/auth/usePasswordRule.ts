import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchPasswordRule } from '../../api/conf-api';
import { getEnvironment } from '../../app/environment';

export interface PasswordRuleState {
  pattern: RegExp | null;
  /** The rule explained in the current language (falls back to Italian, then to a generic text). */
  message: string;
}

/** The password rule of the system registry (spec §5). */
export function usePasswordRule(): PasswordRuleState {
  const { t, i18n } = useTranslation();
  const key = getEnvironment().passwordRuleKey;
  const { data } = useQuery({ queryKey: ['sysregistry', key], queryFn: () => fetchPasswordRule(key), staleTime: Infinity });
  const translated = data?.translation[i18n.language] ?? data?.translation.it;
  return { pattern: data?.pattern ?? null, message: translated || t('CHANGE_PASSWORD.RULE_FALLBACK') };
}

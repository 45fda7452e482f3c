import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from '@circula/model';
import { http } from '../../api/client';

const ENDPOINT = '/api/auth/tokens';

export const TOKENS_KEY = ['api-tokens'] as const;

/** Personal API tokens: a failure of a change shows the client's danger notification. */
export const tokensApi = {
  list: (signal?: AbortSignal) => http.data<ApiToken[]>(ENDPOINT, { silent: true, ...(signal ? { signal } : {}) }),
  create: (input: CreateApiTokenInput) => http.data<CreatedApiToken>(ENDPOINT, { method: 'POST', json: input }),
  revoke: (id: number) => http.data<ApiToken>(`${ENDPOINT}/${id}`, { method: 'DELETE' }),
};

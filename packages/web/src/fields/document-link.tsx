import { FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../api/client';
import { userStore } from '../app/auth/user-store';
import { notifyDanger } from '../app/notifications';

export const documentUrl = (id: number) => `/api/resources/document/${id}`;

interface DocumentVersion {
  version: number;
  fileName: string;
  mimeType: string;
}

/** The file name of a document's latest version. */
export function useDocumentName(id: number | null) {
  return useQuery({
    queryKey: ['document-name', id],
    queryFn: async () => {
      const data = await http.data<{ items: DocumentVersion[] }>(`${documentUrl(id!)}/versions`, { silent: true });
      return data.items.at(-1)?.fileName ?? null;
    },
    enabled: typeof id === 'number',
    staleTime: 5 * 60_000,
  });
}

/**
 * The document download needs the bearer token, so a plain link cannot open it: the file is
 * fetched and opened from a blob URL in a new window.
 */
async function openDocument(id: number, failed: string): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    await http.refresh().catch(() => undefined);
    const token = userStore.get()?.token;
    const response = await window.fetch(http.resolveUrl(documentUrl(id)), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw new Error(String(response.status));
    const url = URL.createObjectURL(await response.blob());
    if (opened) opened.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    opened?.close();
    notifyDanger(failed);
  }
}

/** A document id shown as its file name, opening the file (GET /api/resources/document/{id}). */
export function DocumentLink({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: name } = useDocumentName(id);
  return (
    <Button
      type="link"
      icon={<FileOutlined />}
      href={documentUrl(id)}
      style={{ paddingInline: 0 }}
      onClick={(e) => {
        e.preventDefault();
        void openDocument(id, t('FIELDS.DOCUMENT.OPEN_FAILED'));
      }}
    >
      {name ?? t('FIELDS.DOCUMENT.LABEL', { id })}
    </Button>
  );
}

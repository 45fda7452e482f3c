import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/client';

export const DEFAULT_VIEWER_HEIGHT = 600;
const HEADER_HEIGHT = 60;
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/jpg', 'image/png']);

export interface DocumentViewerProps {
  /** The document of `/api/resources/document/{id}`; none shows "no document". */
  documentId: number | null | undefined;
  /** Header title (default "Documento PDF"). */
  title?: string;
  /** Height of the viewer in pixels (default 600). */
  height?: number;
  /** Header with title, "open in a new window" and "refresh" (default shown). */
  showHeader?: boolean;
}

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'shown'; url: string; type: string };

/**
 * spec §2 document viewer: a PDF or an image (jpg, jpeg, png) fetched with the user's token and
 * shown from a blob URL; a loading text, an error box with retry, a no-document message.
 */
export function DocumentViewer({ documentId, title, height = DEFAULT_VIEWER_HEIGHT, showHeader = true }: DocumentViewerProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const hasId = typeof documentId === 'number';

  useEffect(() => {
    if (!hasId) return;
    let url: string | null = null;
    let cancelled = false;
    setState({ kind: 'loading' });
    http
      // the anti-cache parameter of API.md: "Aggiorna" always shows the current version
      .blob(`/api/resources/document/${documentId}`, { query: { t: `${Date.now()}-${attempt}` }, silent: true })
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ kind: 'shown', url, type: blob.type.split(';')[0]!.trim().toLowerCase() });
      })
      .catch(() => {
        if (!cancelled) setState({ kind: 'error' });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [documentId, attempt, hasId]);

  const heading = title || t('ATTACHMENTS.VIEWER.DEFAULT_TITLE');
  const bodyHeight = showHeader ? height - HEADER_HEIGHT : height;

  if (!hasId) {
    return (
      <div data-testid="document-viewer" style={{ height }}>
        <Empty description={<span data-testid="document-viewer-no-id">{t('ATTACHMENTS.VIEWER.NO_ID')}</span>} />
      </div>
    );
  }

  let body;
  if (state.kind === 'loading') {
    body = (
      <Flex vertical align="center" justify="center" gap={8} style={{ height: bodyHeight }} data-testid="document-viewer-loading">
        <Spin />
        <Typography.Text>{t('ATTACHMENTS.VIEWER.LOADING')}</Typography.Text>
      </Flex>
    );
  } else if (state.kind === 'error') {
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="document-viewer-error"
        title={t('ATTACHMENTS.VIEWER.ERROR')}
        action={
          <Button size="small" danger onClick={reload} data-testid="document-viewer-retry">
            {t('ATTACHMENTS.VIEWER.RETRY')}
          </Button>
        }
      />
    );
  } else if (state.type === 'application/pdf') {
    body = <iframe data-testid="document-viewer-pdf" title={heading} src={state.url} style={{ width: '100%', height: bodyHeight, border: 0 }} />;
  } else if (IMAGE_TYPES.has(state.type)) {
    body = (
      <Flex justify="center" style={{ height: bodyHeight, overflow: 'auto' }}>
        <img data-testid="document-viewer-image" src={state.url} alt={heading} style={{ maxWidth: '100%', objectFit: 'contain' }} />
      </Flex>
    );
  } else {
    body = <Alert type="info" showIcon data-testid="document-viewer-unsupported" title={t('ATTACHMENTS.VIEWER.UNSUPPORTED')} />;
  }

  return (
    <div data-testid="document-viewer" style={{ height, display: 'flex', flexDirection: 'column' }}>
      {showHeader && (
        <Flex align="center" justify="space-between" gap={8} style={{ height: HEADER_HEIGHT, flex: 'none' }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis data-testid="document-viewer-title">
            {heading}
          </Typography.Title>
          <Flex gap={8}>
            <Button
              icon={<ExportOutlined />}
              disabled={state.kind !== 'shown'}
              data-testid="document-viewer-open"
              onClick={() => state.kind === 'shown' && window.open(state.url, '_blank', 'noopener')}
            >
              {t('ATTACHMENTS.VIEWER.OPEN_NEW_WINDOW')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reload} data-testid="document-viewer-refresh">
              {t('ATTACHMENTS.VIEWER.REFRESH')}
            </Button>
          </Flex>
        </Flex>
      )}
      <div style={{ flex: 1, minHeight: 0 }}>{body}</div>
    </div>
  );
}

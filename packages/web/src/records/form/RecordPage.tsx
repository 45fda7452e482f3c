import { CATALOGUE, type EntityConf, type Target } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useReadableRoutes } from '../../app/auth/useReadableRoutes';
import { notifyDanger } from '../../app/notifications';
import { NotFoundPage } from '../../features/errors/NotFoundPage';
import { recordApi } from './record-api';
import { isNotFound, reportError } from './record-errors';
import { virtualFolderBack } from './record-navigation';
import { AreaForbidden, AreaLoadError } from '../AreaResults';
import { RecordEditor } from './RecordEditor';
import type { PageMode } from './useRecordController';

const loading = <Spin style={{ display: 'block', margin: '64px auto' }} />;

/** Back where the user came from, or to the list when the page was opened directly. */
function useGoBack(route: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(`/${route}`, { replace: true });
  }, [navigate, route]);
}

/**
 * spec §6: on create and edit pages a user without the ability sees the general authorisation
 * error and goes back. The messages are swapped as the spec says: CANT_UPDATE on create, CANT_CREATE on edit.
 */
function Unauthorised({ message, goBack }: { message: 'CANT_UPDATE' | 'CANT_CREATE'; goBack: () => void }) {
  const { t } = useTranslation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notifyDanger(t('AUTH.ERRORS.GENERAL'), t(`AUTH.ERRORS.${message}`));
    goBack();
  }, [goBack, message, t]);
  return <div data-testid="record-unauthorised" />;
}


function LoadedRecord({ target, conf, id, mode, back }: { target: Target; conf: EntityConf; id: number; mode: PageMode; back: string | null }) {
  const { t } = useTranslation();
  const goBack = useGoBack(target.route);
  const query = useQuery({
    queryKey: ['record', target.route, id],
    queryFn: async () => {
      try {
        return await recordApi.get(target, id);
      } catch (error) {
        // spec §8: a missing record shows the not-found page, other failures the generic error
        if (!isNotFound(error)) reportError(error);
        throw error;
      }
    },
    // a record page always shows the server's current version
    staleTime: 0,
  });

  if (query.isPending) return loading;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    return <Result status="error" title={t('RECORD.LOAD_ERROR')} subTitle={t('NOTIFICATIONS.ERROR.DESCRIPTION')} />;
  }
  if (mode === 'edit' && !conf.canWrite) return <Unauthorised message="CANT_CREATE" goBack={goBack} />;
  return <RecordEditor key={`${mode}-${id}`} target={target} conf={conf} mode={mode} record={query.data} back={back} goBack={goBack} />;
}

/** The generic record page of a catalogue target: `{route}/new`, `{route}/{id}`, `{route}/{id}/edit`, `{route}/{id}/virtual-folder/{back}`. */
export function RecordPage({ route, mode }: { route: string; mode: PageMode }) {
  const { id: idParam, back } = useParams();
  const readable = useReadableRoutes();
  const goBack = useGoBack(route);
  const target = CATALOGUE.target(route);

  if (!target) return <NotFoundPage />;
  if (readable.isPending) return loading;
  if (readable.isError) return <AreaLoadError />;
  const conf = readable.entities.find((e) => e.route === route);
  if (!conf?.canRead) return <AreaForbidden />;

  if (mode === 'new') {
    if (!conf.canCreate) return <Unauthorised message="CANT_UPDATE" goBack={goBack} />;
    return <RecordEditor key="new" target={target} conf={conf} mode="new" record={null} goBack={goBack} />;
  }
  const id = Number(idParam);
  if (!idParam || !/^\d+$/.test(idParam) || !Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  return <LoadedRecord target={target} conf={conf} id={id} mode={mode} back={mode === 'virtual-folder' ? virtualFolderBack(back) : null} />;
}

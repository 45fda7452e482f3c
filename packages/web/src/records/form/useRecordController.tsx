import type { EntityConf, Target } from '@circula/model';
import { App, Form, Modal, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { notifySuccess } from '../../app/notifications';
import { queryClient } from '../../app/query-client';
import { restoreFormData } from '../../fields/autocomplete/add-record';
import { errorMessageText } from '../../api/errors';
import { constraintErrorDetails, lineErrors, type FieldMessage, type LineError } from '../../fields/field-errors';
import { labelOf } from '../../fields/labels';
import { textIn } from '../../fields/labels';
import { recordApi, type RecordData } from './record-api';
import { isStaleVersion, reportError } from './record-errors';
import { afterCreate, afterDeleteOrRestore } from './record-navigation';
import { buildPayload, changedFields, initialValues, mergeAfterConflict, recordValues, validateValues, type FieldErrors, type FormMode, type FormValues } from './record-values';
import { useLeaveGuard } from './useLeaveGuard';
import { useSaveLock } from './useSaveLock';

export type PageMode = 'new' | 'show' | 'edit' | 'virtual-folder';

/** Navigation state of `{id}/edit` when a status was chosen on an invalid form (spec §4). */
export interface EditState {
  pendingStatus?: string;
}

export interface RecordControllerOptions {
  target: Target;
  /** The user's abilities on the route (`/api/entityconf/visible`). */
  conf: Pick<EntityConf, 'canCreate' | 'canWrite' | 'canDelete'>;
  mode: PageMode;
  /** The loaded record; null when creating. */
  record: RecordData | null;
  /** Leaves the page toward where the user came from (cancel on create, goBackAfterCreation). */
  goBack: () => void;
}

/**
 * The logic of a record page without its look: load state, save with the record's version, the
 * 409 reload, status changes, delete and restore, the dirty/leave guard and the save lock. The
 * generic editor is one view over it; a page of its own (a map, a signing panel) is another.
 */
export interface RecordController {
  target: Target;
  mode: PageMode;
  formMode: FormMode;
  readOnly: boolean;
  /** The antd form the view binds its fields to. */
  form: FormInstance<FormValues>;
  /** What the form starts with: the record's values, or the form kept by an autocomplete's "add record". */
  initialValues: FormValues;
  /** What the form holds now; the view reports changes with `onValuesChange`. */
  values: FormValues;
  onValuesChange: (all: FormValues) => void;
  /** The record as last read or saved; null while creating. */
  current: RecordData | null;
  /** The form's own validation: a message key by field. */
  errors: FieldErrors;
  valid: boolean;
  dirty: boolean;
  deleted: boolean;
  /** The user may write this record (or create one). */
  canWrite: boolean;
  canDelete: boolean;
  saving: boolean;
  /** spec §4: Save stays disabled for a moment after a save. */
  saveLocked: boolean;
  saveDisabled: boolean;
  /** A status chosen on an invalid form, applied by the next save. */
  pendingStatus: string | null;
  save: (newStatus?: string) => Promise<void>;
  /** Asks to confirm a status change (or warns on an invalid form) and saves it. */
  chooseStatus: (code: string) => void;
  edit: () => void;
  cancel: () => void;
  confirmDelete: () => void;
  restore: () => Promise<void>;
  conflict: { open: boolean; reloading: boolean; reload: () => Promise<void>; dismiss: () => void };
  /** The leave-confirmation dialog of the guard, to render in the view. */
  leaveDialog: ReactElement;
  /** Goes to another page of the app (a toolbar action's link; the leave guard still asks when the form is dirty). */
  navigate: (to: string) => void;
}

const testId = (id: string): Record<`data-${string}`, string> => ({ 'data-testid': id });

/**
 * Values a page asks a new record to start with (`navigate('/rdr/new', { state: { defaults: { pickupPoint: 7 } } })`:
 * the owner's "new request" for a pickup point), or an edit to put into the record's values (an older
 * version restored): only the target's writable fields.
 */
function prefilled(target: Target, state: unknown): FormValues {
  const defaults = (state as { defaults?: unknown } | null)?.defaults;
  if (!defaults || typeof defaults !== 'object') return {};
  return Object.fromEntries(Object.entries(defaults).filter(([name]) => target.entity.fields[name] && !target.entity.fields[name].readOnly));
}

export function useRecordController({ target, conf, mode, record, goBack }: RecordControllerOptions): RecordController {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const formMode: FormMode = mode === 'new' ? 'create' : mode === 'edit' ? 'update' : 'show';
  const readOnly = formMode === 'show';

  const [initial] = useState<FormValues>(() => (record ? recordValues(target, record) : { ...initialValues(target), ...prefilled(target, location.state) }));
  const [current, setCurrent] = useState<RecordData | null>(record);
  const [baseline, setBaseline] = useState<FormValues>(initial);
  // back from an autocomplete's "add record": the kept form, with the new record chosen
  const [restored] = useState(() => (readOnly ? null : restoreFormData(location.pathname + location.search, location.state)));
  // an edit opened with values to put in (a print template's older version): the form starts changed
  const [start] = useState<FormValues>(() => restored ?? (formMode === 'update' ? { ...initial, ...prefilled(target, location.state) } : initial));
  const [values, setValues] = useState<FormValues>(start);
  const [pendingStatus, setPendingStatus] = useState<string | null>((location.state as EditState | null)?.pendingStatus ?? null);
  const [saving, setSaving] = useState(false);
  const [conflictOpen, setConflictOpen] = useState(false);
  const [reloading, setReloading] = useState(false);
  const saveLock = useSaveLock();

  const errors = useMemo(() => validateValues(target, values), [target, values]);
  const valid = Object.keys(errors).length === 0;
  const dirty = !readOnly && changedFields(baseline, values).length > 0;
  const guard = useLeaveGuard(dirty);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const showValues = (next: FormValues) => {
    form.setFieldsValue(next);
    setValues(next);
  };
  /** The server's record becomes what the form shows and compares against. */
  const adopt = (next: RecordData) => {
    const nextValues = recordValues(target, next);
    showValues(nextValues);
    setBaseline(nextValues);
    setCurrent(next);
    queryClient.setQueryData(['record', target.route, next.id], next);
  };
  const invalidateLists = () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey.includes(target.route) && q.queryKey[0] !== 'record' });
  const formValues = () => ({ ...values, ...form.getFieldsValue(true) }) as FormValues;

  // a newer version loaded by the page (another tab saved, a refetch) replaces an untouched form
  useEffect(() => {
    if (record && current && record.version > current.version && !dirtyRef.current) adopt(record);
    // adopt only reacts to the page's record
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  const deleted = current?.delete.deleted === true;
  const canWrite = current ? current.canWrite && conf.canWrite : conf.canCreate;

  function showServerErrors(error: unknown) {
    // an error on a line names the line and its field: "Riga 2 · Caratteristiche di pericolo: obbligatorio"
    const onLines = lineErrors(error);
    // a message's figures (stock available, a balance's window) are interpolated in the user's locale
    const messageText = (m: FieldMessage) => errorMessageText((key, options) => t(key, options ?? {}), m.message, m.params, i18n.language);
    const lineText = (e: LineError) => {
      const field = target.entity.fields[e.name];
      const child = field?.type === 'lines' ? field.entity.fields[e.child] : undefined;
      const label = child ? labelOf(child, e.child, i18n.language) : e.child;
      return `${t('FIELDS.LINES.ROW', { n: e.index + 1 })} · ${label}: ${messageText(e)}`;
    };
    form.setFields(
      Object.entries(constraintErrorDetails(error))
        .filter(([name]) => name in values)
        .map(([name, messages]) => {
          const detailed = onLines.filter((e) => e.name === name);
          const texts = detailed.length ? detailed.map(lineText) : messages.map(messageText);
          return { name, errors: texts };
        }),
    );
  }

  async function save(newStatus?: string) {
    saveLock.lock();
    setSaving(true);
    const sent = formValues();
    try {
      if (formMode === 'create') {
        const created = await recordApi.create(target, buildPayload(target, sent));
        queryClient.setQueryData(['record', target.route, created.id], created);
        void invalidateLists();
        notifySuccess(t('RECORD.SAVED'));
        guard.allowNextNavigation();
        const next = afterCreate(params, target.route, created.id);
        if (next.kind === 'back') goBack();
        else void navigate(next.to, { replace: next.replace, state: next.state });
        return;
      }
      if (!current) return;
      const status = newStatus ?? pendingStatus ?? undefined;
      const updated = await recordApi.update(target, current.id, buildPayload(target, sent, current.version), status);
      adopt(updated);
      setPendingStatus(null);
      void invalidateLists();
      void queryClient.invalidateQueries({ queryKey: ['record-history', target.route, updated.id] });
      notifySuccess(t(status ? 'RECORD.STATUS.CHANGED' : 'RECORD.SAVED'));
    } catch (error) {
      if (isStaleVersion(error)) {
        setConflictOpen(true);
      } else {
        showServerErrors(error);
        reportError(error);
      }
    } finally {
      setSaving(false);
    }
  }

  /** 409: the server's record now, with what the user changed on top, and its new version. */
  async function reloadAfterConflict() {
    if (!current) return;
    setReloading(true);
    try {
      const fresh = await recordApi.get(target, current.id);
      const freshValues = recordValues(target, fresh);
      const merged = mergeAfterConflict(freshValues, baseline, formValues());
      setBaseline(freshValues);
      setCurrent(fresh);
      queryClient.setQueryData(['record', target.route, fresh.id], fresh);
      showValues(merged);
      setConflictOpen(false);
    } catch (error) {
      reportError(error);
    } finally {
      setReloading(false);
    }
  }

  function chooseStatus(code: string) {
    const label = textIn(target.entity.statuses?.list.find((s) => s.code === code)?.label, i18n.language) || code;
    if (!valid) {
      form.validateFields().catch(() => undefined);
      modal.warning({
        width: MODAL_WIDTH.xsmall,
        title: t('RECORD.STATUS.INVALID_TITLE'),
        content: t('RECORD.STATUS.INVALID_DESCRIPTION', { status: label }),
        okButtonProps: testId('status-invalid-ok'),
        onOk: () => {
          // spec §4: closing the warning keeps the chosen status and switches to edit mode
          setPendingStatus(code);
          if (readOnly && current) void navigate(`/${target.route}/${current.id}/edit`, { state: { pendingStatus: code } satisfies EditState });
        },
      });
      return;
    }
    modal.confirm({
      width: MODAL_WIDTH.xsmall,
      title: t('RECORD.STATUS.CONFIRM_TITLE'),
      content: t('RECORD.STATUS.CONFIRM', { status: label }),
      okText: t('RECORD.STATUS.CONFIRM_OK'),
      cancelText: t('RECORD.ACTIONS.CANCEL'),
      okButtonProps: testId('status-confirm'),
      onOk: () => save(code),
    });
  }

  function leaveAfter(next: RecordData) {
    queryClient.setQueryData(['record', target.route, next.id], next);
    void invalidateLists();
    guard.allowNextNavigation();
    void navigate(afterDeleteOrRestore(target, next));
  }

  function confirmDelete() {
    if (!current) return;
    modal.confirm({
      width: MODAL_WIDTH.small,
      title: t('RECORD.DELETE.TITLE'),
      content: t('RECORD.DELETE.CONFIRM', { code: current.code ?? current.id }),
      okText: t('RECORD.ACTIONS.DELETE'),
      cancelText: t('RECORD.ACTIONS.CANCEL'),
      okButtonProps: { danger: true, ...testId('record-delete-confirm') },
      onOk: async () => {
        try {
          const removed = await recordApi.remove(target, current.id);
          notifySuccess(t('RECORD.DELETE.DONE'));
          leaveAfter(removed);
        } catch {
          // the http client showed the generic error
        }
      },
    });
  }

  async function restore() {
    if (!current) return;
    try {
      const restoredRecord = await recordApi.restore(target, current.id);
      notifySuccess(t('RECORD.RESTORE.DONE'));
      leaveAfter(restoredRecord);
    } catch {
      // the http client showed the generic error
    }
  }

  return {
    target,
    mode,
    formMode,
    readOnly,
    form,
    initialValues: start,
    values,
    onValuesChange: (all) => setValues((previous) => ({ ...previous, ...all })),
    current,
    errors,
    valid,
    dirty,
    deleted,
    canWrite,
    canDelete: conf.canDelete,
    saving,
    saveLocked: saveLock.locked,
    saveDisabled: !valid || !canWrite || saveLock.locked || saving,
    pendingStatus,
    save,
    chooseStatus,
    edit: () => {
      if (current) void navigate(`/${target.route}/${current.id}/edit`);
    },
    cancel: () => (current ? void navigate(`/${target.route}/${current.id}`) : goBack()),
    confirmDelete,
    restore,
    conflict: { open: conflictOpen, reloading, reload: reloadAfterConflict, dismiss: () => setConflictOpen(false) },
    navigate: (to: string) => void navigate(to),
    leaveDialog: guard.dialog,
  };
}

/** The dialogs every view of a record controller shows: the 409 reload offer and the leave confirmation. */
export function RecordControllerDialogs({ controller }: { controller: RecordController }) {
  const { t } = useTranslation();
  const { conflict } = controller;
  return (
    <>
      <Modal
        open={conflict.open}
        width={MODAL_WIDTH.small}
        title={t('RECORD.CONFLICT.TITLE')}
        okText={t('RECORD.CONFLICT.RELOAD')}
        cancelText={t('RECORD.ACTIONS.CANCEL')}
        confirmLoading={conflict.reloading}
        okButtonProps={testId('conflict-reload')}
        cancelButtonProps={testId('conflict-cancel')}
        onOk={() => void conflict.reload()}
        onCancel={conflict.dismiss}
      >
        <span data-testid="conflict-dialog">{t('RECORD.CONFLICT.DESCRIPTION')}</span>
      </Modal>
      {controller.leaveDialog}
    </>
  );
}

import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { constraintErrors } from '../../fields/field-errors';
import { isStaleVersion, reportError } from '../../records/form/record-errors';

export interface VersionedEditOptions<R extends { id: number }, V extends object> {
  /** null: a new record. */
  id: number | null;
  queryKey(id: number | null): QueryKey;
  load(id: number): Promise<R>;
  /** What the form shows of a record; of null, the empty form of a new one (its keys are the form's fields). */
  formValues(record: R | null): V;
  form: FormInstance<V>;
}

const sameValue = (a: unknown, b: unknown): boolean => {
  // a multiple select's order is not a change (the server keeps sets)
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify([...a].map(String).sort()) === JSON.stringify([...b].map(String).sort());
  return JSON.stringify(a) === JSON.stringify(b);
};

/** The fields of `typed` that differ from `before`: what the user changed in the form. */
export function typedChanges<V extends object>(typed: V, before: V): Partial<V> {
  return Object.fromEntries(Object.entries(typed).filter(([key, value]) => !sameValue(value, before[key as keyof V]))) as Partial<V>;
}

/**
 * Loading, saving and the stale-version conflict of a record edited in a drawer of the security
 * pages (users, groups). The form shows the loaded record; `run` runs a save or an action, busy
 * by name, and a failure goes to `fail`: a 409 CONFLICT (stale `version`) opens the conflict
 * dialog (spec §8, as on the record pages), a CONSTRAINT_VIOLATION puts its messages on the
 * fields (a message on a field the form does not show is notified), anything else is notified.
 * Reloading after a conflict takes the server's record, with its new version, and puts what the
 * user had typed back on top of it: nothing typed is lost.
 */
export function useVersionedEdit<R extends { id: number }, V extends object>({ id, queryKey, load, formValues, form }: VersionedEditOptions<R, V>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const creating = id === null;
  const loaded = useQuery({ queryKey: queryKey(id), queryFn: () => load(id!), enabled: !creating, retry: false });
  const record = loaded.data ?? null;
  const [busy, setBusy] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (creating) form.setFieldsValue(formValues(null));
    else if (record) form.setFieldsValue(formValues(record));
  }, [creating, record, form, formValues]);

  /** The record as the server now has it (after a save or an action): the form follows. */
  const keep = (saved: R) => client.setQueryData(queryKey(saved.id), saved);

  const showFieldErrors = (error: unknown): boolean => {
    const byField = constraintErrors(error);
    const names = Object.keys(byField);
    if (names.length === 0) return false;
    const shown = new Set(Object.keys(formValues(null)));
    const onFields = names.filter((n) => shown.has(n));
    const fields = onFields.map((name) => ({ name, errors: byField[name]!.map((m) => t(`ERRORS.${m}`, { defaultValue: m })) }));
    // the names are the form's own (the keys of its values), which the generic type cannot show
    form.setFields(fields as Parameters<typeof form.setFields>[0]);
    // a message on a field the form does not show still reaches the user
    if (onFields.length < names.length) reportError(error);
    return true;
  };

  const fail = (error: unknown) => {
    if (isStaleVersion(error)) setConflict(true);
    else if (!showFieldErrors(error)) reportError(error);
  };

  /** Runs a save or an action as `name` (the busy state); a failure goes to `onError` (by default `fail`). */
  const run = async (name: string, call: () => Promise<void>, onError: (error: unknown) => void = fail) => {
    setBusy(name);
    try {
      await call();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
    }
  };

  const reloadAfterConflict = async () => {
    if (!record) return;
    setReloading(true);
    try {
      const changed = typedChanges(form.getFieldsValue(true) as V, formValues(record));
      const fresh = await load(record.id);
      keep(fresh);
      // the effect above resets the form to `fresh`; the user's own changes go back on top after it
      setTimeout(() => form.setFieldsValue(changed), 0);
      setConflict(false);
    } catch (error) {
      reportError(error);
    } finally {
      setReloading(false);
    }
  };

  /** The props of the drawer's ConflictModal. */
  const conflictModal = {
    open: conflict,
    reloading,
    onReload: () => void reloadAfterConflict(),
    onCancel: () => setConflict(false),
  };

  return { creating, loaded, record, busy, run, fail, keep, conflictModal };
}

import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';

/**
 * Whether an antd form is valid, checked silently (no error shown before the user gets there)
 * whenever one of `deps` changes: buttons stay disabled while it is false.
 */
export function useSilentValidity(form: FormInstance, deps: unknown[]): boolean {
  const [valid, setValid] = useState(false);
  useEffect(() => {
    let current = true;
    form.validateFields({ validateOnly: true }).then(
      () => current && setValid(true),
      () => current && setValid(false),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the validity follows
  }, [form, ...deps]);
  return valid;
}

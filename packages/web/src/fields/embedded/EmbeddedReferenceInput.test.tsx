import { CATALOGUE, type EntityConf } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { userStore } from '../../app/auth/user-store';
import { widgetFor } from '../registry';
import { setup } from '../../test/harness';
import { RecordWidgetsScope } from '../../records/form/RecordWidgets';

// the catalogue field that uses the embedded-crud widget: a fraction's material
const fraction = CATALOGUE.target('fraction')!;
const field = fraction.entity.fields.material!;

const USER = {
  id: 1,
  username: 'u',
  fullname: 'U',
  email: null,
  lang: 'it',
  token: 't',
  tokenExpiresAt: '2099-01-01T00:00:00Z',
  authorities: [],
  roles: [],
  subjectId: null,
  subjects: [],
};

const material = (values: Record<string, unknown> = {}) => ({
  id: 5,
  code: 'MAT-000005',
  status: null,
  version: 2,
  rootId: null,
  parentId: null,
  canWrite: true,
  allowedStatuses: [],
  delete: { deleted: false, deletedAt: null, deletedBy: null },
  name: 'Rame granulato',
  productKind: null,
  measureUnit: 'KG',
  endOfWaste: false,
  sourceWaste: null,
  ...values,
});

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

function serve(abilities: Partial<EntityConf>) {
  const calls: Call[] = [];
  let stored = material();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      calls.push({ method, path: url.pathname, body });
      const reply = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/entityconf/visible') return reply([{ route: 'materials', canRead: true, canCreate: false, canWrite: false, canDelete: false, ...abilities }]);
      if (url.pathname === '/api/conf/tables/tablevalue') return reply({ items: [], total: 0, page: 0, size: 0 });
      if (url.pathname === '/api/waste/materials' && method === 'POST') {
        stored = material({ id: 9, code: 'MAT-000009', version: 1, ...body });
        return reply(stored);
      }
      if (url.pathname === '/api/waste/materials/5' && method === 'PUT') {
        stored = material({ ...body, version: 3 });
        return reply(stored);
      }
      if (url.pathname === '/api/waste/materials/5') return reply(stored);
      if (url.pathname === '/api/waste/materials') return reply({ items: [stored], total: 1, page: 0, size: 1 });
      return new Response(JSON.stringify({ errorCode: 'NOT_FOUND' }), { status: 404 });
    }),
  );
  return calls;
}

function renderField({ initial = null, disabled = false, required = false }: { initial?: number | null; disabled?: boolean; required?: boolean }) {
  const changes: unknown[] = [];
  const { Input } = widgetFor(field);
  let submit = () => {};
  function Harness() {
    const [form] = Form.useForm();
    submit = () => void form.validateFields().catch(() => undefined);
    return (
      <Form form={form} initialValues={{ material: initial }} onValuesChange={(changed: Record<string, unknown>) => changes.push(changed.material)}>
        <Form.Item name="material" rules={required ? [{ required: true }] : []}>
          <Input name="material" field={field} target={fraction} mode="update" disabled={disabled} />
        </Form.Item>
        <Button onClick={() => submit()}>valida</Button>
      </Form>
    );
  }
  render(
    <AppProviders>
      <RecordWidgetsScope>
        <Harness />
      </RecordWidgetsScope>
    </AppProviders>,
  );
  return changes;
}

const text = () => screen.getByTestId('embedded-text') as HTMLInputElement;
const openButton = () => screen.getByTestId('embedded-open') as HTMLButtonElement;

describe('embedded-crud field', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setup('it');
    userStore.set(USER);
  });
  afterEach(() => {
    userStore.clear();
    vi.unstubAllGlobals();
  });

  it('is declared on a catalogue field', () => {
    expect(field).toMatchObject({ type: 'reference', entity: 'material', widget: 'embedded' });
  });

  it('shows the label in a read-only box; creates the record in the modal and Confirm sets it', async () => {
    const calls = serve({ canCreate: true });
    const changes = renderField({});
    expect(text().readOnly).toBe(true);
    await waitFor(() => expect(openButton().disabled).toBe(false));
    fireEvent.click(openButton());
    const modal = await screen.findByTestId('embedded-modal');
    expect(modal.getAttribute('data-mode')).toBe('create');
    // nothing linked: nothing to unlink
    expect(screen.queryByTestId('embedded-delete')).toBeNull();
    fireEvent.change(within(screen.getByTestId('record-field-name')).getByRole('textbox'), { target: { value: 'Rame riciclato' } });
    await waitFor(() => expect((screen.getByTestId('embedded-confirm') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('embedded-confirm'));
    await waitFor(() => expect(changes).toEqual([9]));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/waste/materials', body: { name: 'Rame riciclato', measureUnit: 'KG' } });
    await waitFor(() => expect(text().value).toBe('MAT-000009 — Rame riciclato'));
    expect(screen.queryByTestId('embedded-modal')).toBeNull();
  });

  it('edits the linked record with its version; Cancel changes nothing; Delete sets null', async () => {
    const calls = serve({ canWrite: true });
    const changes = renderField({ initial: 5 });
    await waitFor(() => expect(text().value).toBe('MAT-000005 — Rame granulato'));

    fireEvent.click(openButton());
    expect((await screen.findByTestId('embedded-modal')).getAttribute('data-mode')).toBe('update');
    const name = await within(await screen.findByTestId('record-field-name')).findByRole('textbox');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Rame granulato'));
    fireEvent.change(name, { target: { value: 'Rame in granuli' } });
    fireEvent.click(screen.getByTestId('embedded-cancel'));
    await waitFor(() => expect(screen.queryByTestId('embedded-modal')).toBeNull());
    expect(changes).toEqual([]);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(openButton());
    const again = await within(await screen.findByTestId('record-field-name')).findByRole('textbox');
    await waitFor(() => expect((again as HTMLInputElement).value).toBe('Rame granulato'));
    fireEvent.change(again, { target: { value: 'Rame in granuli' } });
    fireEvent.click(screen.getByTestId('embedded-confirm'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/waste/materials/5', body: { name: 'Rame in granuli', version: 2 } }));
    await waitFor(() => expect(text().value).toBe('MAT-000005 — Rame in granuli'));
    // the same record stays linked: the form's value (its id) does not change, its label does
    expect(changes).toEqual([]);

    fireEvent.click(openButton());
    fireEvent.click(await screen.findByTestId('embedded-delete'));
    await waitFor(() => expect(changes).toEqual([null]));
    expect(text().value).toBe('');
  });

  it('opens only when a record is linked or editing is allowed', async () => {
    serve({});
    renderField({});
    // nothing linked and no permission to create: the button stays disabled
    await new Promise((r) => setTimeout(r, 300));
    expect(openButton().disabled).toBe(true);
  });

  it('when disabled only shows the linked record: no delete, Confirm changes nothing', async () => {
    const calls = serve({ canWrite: true });
    const changes = renderField({ initial: 5, disabled: true });
    expect(text().disabled).toBe(true);
    expect(openButton().disabled).toBe(false);
    fireEvent.click(openButton());
    expect((await screen.findByTestId('embedded-modal')).getAttribute('data-mode')).toBe('show');
    expect(screen.queryByTestId('embedded-delete')).toBeNull();
    await waitFor(() => expect((screen.getByTestId('embedded-confirm') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('embedded-confirm'));
    await waitFor(() => expect(screen.queryByTestId('embedded-modal')).toBeNull());
    expect(changes).toEqual([]);
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('is shown invalid once touched and invalid', async () => {
    serve({ canCreate: true });
    renderField({ required: true });
    expect(text().getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByText('valida'));
    await waitFor(() => expect(text().getAttribute('aria-invalid')).toBe('true'));
  });
});

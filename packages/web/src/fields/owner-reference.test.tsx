import { CATALOGUE } from '@circula/model';
import type { ICellRendererParams } from 'ag-grid-community';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { i18n } from '../i18n';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { userStore } from '../app/auth/user-store';
import type { RecordData } from '../records/form/record-api';
import { RecordEditor } from '../records/form/RecordEditor';
import { buildColumnDefs } from '../records/list/list-column-defs';
import { listColumns } from '../records/list/list-columns';
import { shownField } from './owner-reference';
import { ADMIN_USER, renderApp, setup, stubApi } from '../test/harness';

const contracts = CATALOGUE.target('signed-contracts')!;
const SUBJECT = { id: 12, code: 'SBJ-000012', name: 'Ecologia Rossi S.r.l.', status: 'ACTIVE', delete: { deleted: false } };
const LABEL = 'SBJ-000012 — Ecologia Rossi S.r.l.';

/** The subjects' search answers the by-id lookup (`id in [...]`). */
function serveSubjects() {
  return stubApi({
    '/api/subjects/subjects': (url) => {
      const q = JSON.parse(url.searchParams.get('q') ?? '{}') as { filters?: { field: string; op: string; value: number[] }[] };
      const ids = q.filters?.find((f) => f.field === 'id')?.value ?? [];
      const items = ids.includes(SUBJECT.id) ? [SUBJECT] : [];
      return { items, total: items.length, page: 0, size: ids.length };
    },
    '/api/entityconf/visible': () => [],
  });
}

const contract = (values: Partial<RecordData> = {}): RecordData =>
  ({
    id: 5,
    code: 'DOC-000005',
    status: null,
    version: 1,
    updatedAt: null,
    canWrite: true,
    allowedStatuses: [],
    rootId: null,
    parentId: null,
    delete: { deleted: false },
    ownerEntity: 'subject',
    ownerId: SUBJECT.id,
    document: null,
    title: 'Contratto di servizio 2026',
    fileName: null,
    mimeType: null,
    documentType: 'CONTRACT',
    documentDate: '2026-01-15',
    expiry: null,
    description: null,
    ...values,
  }) as RecordData;

describe('the owner of a signed contract', { timeout: 30_000 }, () => {
  beforeEach(() => setup('it'));
  afterEach(() => {
    vi.unstubAllGlobals();
    userStore.clear();
  });

  it('is a reference to a subject on the signed contracts, and stays a number where the kind of owner is not fixed', () => {
    const ownerId = contracts.entity.fields.ownerId!;
    expect(shownField(contracts, 'ownerId', ownerId)).toMatchObject({ type: 'reference', entity: 'subject', label: ownerId.label, required: true });
    expect(shownField(CATALOGUE.target('warehouse-documents')!, 'ownerId', ownerId)).toMatchObject({ type: 'reference', entity: 'warehouse' });
    const documents = CATALOGUE.target('documents')!;
    expect(shownField(documents, 'ownerId', ownerId)).toBe(ownerId);
    expect(shownField(contracts, 'title', contracts.entity.fields.title!)).toBe(contracts.entity.fields.title);
  });

  it('shows in the list column as the subject’s label, looked up by id', async () => {
    const api = serveSubjects();
    const columns = listColumns(contracts).filter((c) => c.id === 'ownerId');
    const [def] = buildColumnDefs(columns, new Set(['ownerId']), { target: contracts, language: 'it', t: i18n.getFixedT('it') });
    const Cell = def!.cellRenderer as ComponentType<Partial<ICellRendererParams>>;
    renderApp(<Cell value={SUBJECT.id} />);
    expect(await screen.findByText(LABEL, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(String(SUBJECT.id))).toBeNull();
    const lookup = api.calls.find((c) => c.pathname === '/api/subjects/subjects')!;
    expect(JSON.parse(lookup.searchParams.get('q')!)).toEqual({ filters: [{ field: 'id', op: 'in', value: [SUBJECT.id] }] });
  });

  it('shows on the record page as the subject’s label, not its id', async () => {
    serveSubjects();
    userStore.set(ADMIN_USER);
    const full = { canCreate: true, canWrite: true, canDelete: true };
    const router = createMemoryRouter(
      [{ path: '/signed-contracts/:id', element: <RecordEditor target={contracts} conf={full} mode="show" record={contract()} goBack={() => {}} /> }],
      { initialEntries: ['/signed-contracts/5'] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const owner = await screen.findByTestId('record-field-ownerId');
    await waitFor(() => expect((within(owner).getByRole('combobox') as HTMLInputElement).value).toBe(LABEL), { timeout: 5000 });
  });
});

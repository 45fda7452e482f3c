import { CATALOGUE, tags, type EntityConf } from '@circula/model';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userStore } from '../../app/auth/user-store';
import { TagsInput } from '../inputs/TagsInput';
import { renderApp, setup } from '../../test/harness';

const target = CATALOGUE.target('vehicles') ?? CATALOGUE.targets[0]!;

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

interface Node {
  id: number;
  name: string;
  label: string;
  itemId: null;
  icon: null;
  overlayIcon: null;
  selectable: boolean;
  children: Node[];
}
const node = (id: number, label: string, children: Node[] = [], selectable = true): Node => ({ id, name: label, label, itemId: null, icon: null, overlayIcon: null, selectable, children });

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: Record<string, unknown> | null;
}

function serve(canCreate: boolean) {
  const calls: Call[] = [];
  let tree = node(100, 'MATERIALI', [node(101, 'Metalli', [node(102, 'Ferro'), node(103, 'Rame')]), node(104, 'Categorie (solo raggruppamento)', [], false)]);
  const records = [
    { id: 102, name: 'Ferro', selectable: true },
    { id: 103, name: 'Rame', selectable: true },
    { id: 7, name: 'Urgente', selectable: true },
    { id: 8, name: 'Urgenza sospesa', selectable: false },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, search: url.searchParams, headers: new Headers(init?.headers), body });
      const reply = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/entityconf/visible') return reply([{ route: 'tags', canRead: true, canCreate, canWrite: canCreate, canDelete: false } as Partial<EntityConf>]);
      if (url.pathname === '/api/conf/tag/hierarchy/MATERIALI') return reply({ root: tree });
      if (url.pathname === '/api/conf/tags' && init?.method === 'POST') {
        const created = node(110, String(body?.name));
        tree = { ...tree, children: tree.children.map((c) => (c.id === body?.parentId ? { ...c, children: [...c.children, created] } : c)) };
        records.push({ id: 110, name: String(body?.name), selectable: true });
        return reply({ id: 110, name: body?.name });
      }
      if (url.pathname === '/api/conf/tags') {
        const q = JSON.parse(url.searchParams.get('q') ?? '{}') as { query?: string; filters?: { value: number[] }[] };
        const items = q.filters ? records.filter((r) => q.filters![0]!.value.includes(r.id)) : records.filter((r) => r.name.toLowerCase().includes((q.query ?? '').toLowerCase()));
        return reply({ items, total: items.length, page: 0, size: items.length });
      }
      return new Response(JSON.stringify({ errorCode: 'NOT_FOUND' }), { status: 404 });
    }),
  );
  return calls;
}

function Harness({ tree, onValue }: { tree?: string; onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>([7]);
  return (
    <TagsInput
      name="tags"
      mode="update"
      target={target}
      field={tags(tree ? { tree } : {})}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

const checkboxOf = (id: number) => screen.getByTestId(`tag-node-${id}`).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox');
const checkbox = (id: number) => checkboxOf(id)!;

describe('tags input: chips and the tag hierarchy picker', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setup('it');
    userStore.set(USER);
  });
  afterEach(() => {
    userStore.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('suggests selectable tags 400 ms after typing, with the skip-waiter header, as unique chips', async () => {
    const calls = serve(false);
    const onValue = vi.fn();
    renderApp(<Harness onValue={onValue} />);
    await screen.findByText('Urgente');
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'urg' } });
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(calls.filter((c) => c.search.get('q')?.includes('"query"'))).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
    const search = calls.find((c) => c.search.get('q')?.includes('"query"'))!;
    expect(JSON.parse(search.search.get('q')!)).toEqual({ query: 'urg' });
    expect(search.headers.get('skipWaiter')).toBe('true');
    // a tag that cannot be chosen is not suggested; one already there is refused
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Urgente']);
    fireEvent.click(screen.getByRole('option', { name: 'Urgente' }));
    expect(screen.getByRole('alert').textContent).toBe('Elemento già presente.');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('picks tags in the tree: unselectable nodes cannot be checked, Confirm sets the checked nodes, Cancel nothing', async () => {
    serve(false);
    const onValue = vi.fn();
    renderApp(<Harness tree="MATERIALI" onValue={onValue} />);
    fireEvent.click(screen.getByTestId('tags-hierarchy'));
    await screen.findByTestId('tag-node-102', undefined, { timeout: 5000 });
    expect(screen.getByTestId('tag-node-104').getAttribute('data-selectable')).toBe('false');
    expect(checkboxOf(104)).toBeNull();
    expect(checkboxOf(102)).not.toBeNull();
    // no "add" without the create permission
    expect(screen.queryByTestId('tag-add-101')).toBeNull();

    fireEvent.click(checkbox(103));
    fireEvent.click(screen.getByTestId('hierarchy-cancel'));
    expect(onValue).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('tags-hierarchy'));
    await screen.findByTestId('tag-node-102');
    fireEvent.click(checkbox(102));
    fireEvent.click(checkbox(103));
    fireEvent.click(screen.getByTestId('hierarchy-confirm'));
    expect(onValue).toHaveBeenLastCalledWith([7, 102, 103]);
    await waitFor(() => expect(screen.getAllByTestId('chip').map((c) => c.textContent)).toEqual(['Urgente', 'Ferro', 'Rame']));
  });

  it('offers "add" with the create permission: a child is created under its node and checked', async () => {
    const calls = serve(true);
    const onValue = vi.fn();
    renderApp(<Harness tree="MATERIALI" onValue={onValue} />);
    fireEvent.click(screen.getByTestId('tags-hierarchy'));
    fireEvent.click(await screen.findByTestId('tag-add-101', undefined, { timeout: 5000 }));
    fireEvent.change(screen.getByTestId('hierarchy-add-name'), { target: { value: 'Alluminio' } });
    fireEvent.click(screen.getByTestId('hierarchy-add-save'));
    await screen.findByTestId('tag-node-110', undefined, { timeout: 5000 });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ name: 'Alluminio', selectable: true, parentId: 101 });
    fireEvent.click(screen.getByTestId('hierarchy-confirm'));
    expect(onValue).toHaveBeenLastCalledWith([7, 110]);
    expect(within(document.body).queryByTestId('hierarchy-add-name')).toBeNull();
  });
});

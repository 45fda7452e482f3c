import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import type { ListRecord } from '../../records/list/list-api';
import { signedInAsAdmin, stubServer } from '../../test/harness';
import { IssueSelected } from './IssueSelected';

const row = (id: number, status: string) => ({ id, version: 1, code: `FAT-${id}`, status, delete: { deleted: false } }) as unknown as ListRecord;

function renderIssue(selected: ListRecord[]) {
  const reload = vi.fn();
  render(
    <AppProviders>
      <IssueSelected selected={selected} reload={reload} />
    </AppProviders>,
  );
  return reload;
}

describe('issuing selected drafts', { timeout: 60_000 }, () => {
  signedInAsAdmin();

  it('issues the selected drafts at once after a confirmation and reloads the list', async () => {
    const calls = stubServer((call) =>
      call.method === 'POST' && call.path === '/api/invoices/issue'
        ? { body: { data: { issued: [{ id: 1, documentNumber: '7/A' }, { id: 2, documentNumber: '8/A' }] } } }
        : undefined,
    );
    const reload = renderIssue([row(1, 'DRAFT'), row(2, 'DRAFT')]);
    fireEvent.click(screen.getByTestId('invoice-issue-selected'));
    fireEvent.click(await screen.findByTestId('invoice-issue-confirm'));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === '/api/invoices/issue')).toEqual([{ method: 'POST', path: '/api/invoices/issue', body: { ids: [1, 2] } }]);
    expect(await screen.findByText('Emesse 2 fatture.')).toBeTruthy();
  });

  it('is offered only when every selected invoice is a draft', () => {
    renderIssue([row(1, 'DRAFT'), row(2, 'ISSUED')]);
    expect(screen.queryByTestId('invoice-issue-selected')).toBeNull();
  });
});

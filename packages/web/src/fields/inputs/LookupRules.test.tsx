import { CATALOGUE, lookup, lookupTable, type LookupField } from '@circula/model';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIELD_WIDGETS } from '../registry';
import { page, renderApp, setup, stubApi, tableValue } from '../../test/harness';

const target = CATALOGUE.target('tables')!;

// spec §3: movement causals with flag1 unset are posted by the server, not chosen by hand
const CAUSALS = [
  tableValue('MOVEMENT_CAUSAL', 'LOAD_PICKUP', 'Carico da ritiro', 'Load from a pickup', { alpha1: 'C', flag1: true }),
  tableValue('MOVEMENT_CAUSAL', 'LOAD_TREATMENT_OUTPUT', 'Carico da trattamento', 'Load from treatment', { alpha1: 'C', flag1: false }),
  tableValue('MOVEMENT_CAUSAL', 'UNLOAD_SALE', 'Scarico per vendita', 'Unload for sale', { alpha1: 'S', flag1: true }),
];
// spec §3/§5: relations apply to one relationType (alpha1) or to any (empty alpha1)
const RELATIONS = [
  tableValue('SUBJECT_TO_SUBJECT', 'BRANCH', 'Filiale di', 'Branch of'),
  tableValue('SUBJECT_TO_SUBJECT', 'AGENT_OF', 'Agente di', 'Agent of', { alpha1: 'COLLABORATOR' }),
  tableValue('SUBJECT_TO_SUBJECT', 'BILL_TO', 'Intestatario fatture per', 'Invoice recipient for', { alpha1: 'CUSTOMER' }),
];
// spec §4: penalties belong to a transmission type (alpha1)
const PENALTIES = lookupTable('PENALTY')!.values.map((v) => tableValue('PENALTY', v.code, v.it, v.en, { alpha1: v.alpha1 ?? null }));
const penaltiesOf = (type: string) => lookupTable('PENALTY')!.values.filter((v) => v.alpha1 === type).map((v) => v.it);

const relationTypeSelect = (
  <Select
    aria-label="relationType"
    options={[
      { value: 'COLLABORATOR', label: 'Collaboratore' },
      { value: 'CUSTOMER', label: 'Cliente' },
    ]}
    allowClear
  />
);

function Harness({ field, mode, initial = {}, watcher = relationTypeSelect }: { field: LookupField; mode: 'create' | 'update'; initial?: Record<string, unknown>; watcher?: ReactNode }) {
  const { Input: LookupInput } = FIELD_WIDGETS.lookup;
  return (
    <Form initialValues={initial}>
      <Form.Item name="role" label="role">
        {watcher}
      </Form.Item>
      <Form.Item name="value" label="value">
        <LookupInput name="value" field={field} target={target} mode={mode} />
      </Form.Item>
      <Form.Item shouldUpdate noStyle>
        {(form) => <output data-testid="value">{JSON.stringify(form.getFieldValue('value') ?? null)}</output>}
      </Form.Item>
    </Form>
  );
}

const lookupBox = () => screen.getAllByRole('combobox').at(-1)!;
async function offered(): Promise<string[]> {
  fireEvent.mouseDown(lookupBox());
  await screen.findAllByRole('option', undefined, { timeout: 5000 });
  const list = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  const titles = [...list].map((o) => o.getAttribute('title') ?? '');
  fireEvent.keyDown(lookupBox(), { key: 'Escape' });
  return titles;
}

describe('lookup declaration rules', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setup('it');
    stubApi({
      '/api/conf/tables/tablevalue': (url) => page({ MOVEMENT_CAUSAL: CAUSALS, PENALTY: PENALTIES }[url.searchParams.get('tableCodes') ?? ''] ?? RELATIONS),
    });
  });

  it('createFilter: in create mode only the flagged movement causals are offered', async () => {
    renderApp(<Harness field={lookup('MOVEMENT_CAUSAL', { createFilter: { flag1: true } })} mode="create" />);
    expect(await offered()).toEqual(['Carico da ritiro', 'Scarico per vendita']);
  });

  it('createFilter: editing offers every causal, so a stored one keeps its label', async () => {
    renderApp(<Harness field={lookup('MOVEMENT_CAUSAL', { createFilter: { flag1: true } })} mode="update" initial={{ value: 'LOAD_TREATMENT_OUTPUT' }} />);
    expect(await offered()).toEqual(['Carico da ritiro', 'Carico da trattamento', 'Scarico per vendita']);
    // the stored value shows its label in the box too
    expect(screen.getAllByTitle('Carico da trattamento').length).toBeGreaterThan(1);
  });

  it('dependsOn: subject-to-subject follows the relationType of the form, and a value it no longer offers is cleared', async () => {
    const field = lookup('SUBJECT_TO_SUBJECT', { dependsOn: { field: 'role', column: 'alpha1' } });
    renderApp(<Harness field={field} mode="create" initial={{ value: 'AGENT_OF' }} />);
    // no relationType yet: every relation
    expect(await offered()).toEqual(['Filiale di', 'Agente di', 'Intestatario fatture per']);
    expect(screen.getByTestId('value').textContent).toBe('"AGENT_OF"');

    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle('Cliente'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('null'));
    expect(await offered()).toEqual(['Filiale di', 'Intestatario fatture per']);

    await act(async () => {
      fireEvent.mouseDown(screen.getAllByRole('combobox')[0]!);
      fireEvent.click(await screen.findByTitle('Collaboratore'));
    });
    expect(await offered()).toEqual(['Filiale di', 'Agente di']);
  });

  describe('dependsOn.keepOnEmpty: penalties reload only when the transmission type (alpha1) changes to a non-empty value', () => {
    const typeInput = <Input aria-label="transmissionType" />;
    const typeTo = (value: string) => act(() => fireEvent.change(screen.getByLabelText('transmissionType'), { target: { value } }));

    it('keeps the last filter and the chosen penalty when the type is emptied, and follows the next type', async () => {
      const field = lookup('PENALTY', { dependsOn: { field: 'role', column: 'alpha1', keepOnEmpty: true } });
      renderApp(<Harness field={field} mode="create" watcher={typeInput} />);
      // no type yet: every penalty
      expect(await offered()).toHaveLength(PENALTIES.length);

      await typeTo('SDI_INVOICE');
      const sdi = penaltiesOf('SDI_INVOICE');
      expect(sdi.length).toBeGreaterThan(1);
      expect(await offered()).toEqual(sdi);
      fireEvent.mouseDown(lookupBox());
      fireEvent.click(await screen.findByTitle(sdi[0]!));
      expect(screen.getByTestId('value').textContent).toBe('"LATE_INVOICE"');

      await typeTo('');
      expect(await offered()).toEqual(sdi);
      expect(screen.getByTestId('value').textContent).toBe('"LATE_INVOICE"');

      await typeTo('RENTRI_FIR');
      expect(await offered()).toEqual(penaltiesOf('RENTRI_FIR'));
      await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('null'));
    });

    it('without it, emptying the type offers every penalty again', async () => {
      const field = lookup('PENALTY', { dependsOn: { field: 'role', column: 'alpha1' } });
      renderApp(<Harness field={field} mode="create" watcher={typeInput} />);
      await typeTo('SDI_INVOICE');
      expect(await offered()).toEqual(penaltiesOf('SDI_INVOICE'));
      await typeTo('');
      expect(await offered()).toHaveLength(PENALTIES.length);
    });
  });

  it('without rules offers the whole table', async () => {
    renderApp(<Harness field={lookup('MOVEMENT_CAUSAL')} mode="create" />);
    expect(await offered()).toHaveLength(3);
  });
});

import { CATALOGUE, lookup, type FieldDefinition } from '@circula/model';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Select } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIELD_WIDGETS } from '../registry';
import { page, renderApp, setup, stubApi, tableValue } from '../test-utils';

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

function Harness({ field, mode, initial = {} }: { field: FieldDefinition; mode: 'create' | 'update'; initial?: Record<string, unknown> }) {
  const { Input } = FIELD_WIDGETS.lookup;
  return (
    <Form initialValues={initial}>
      <Form.Item name="role" label="role">
        <Select
          aria-label="relationType"
          options={[
            { value: 'COLLABORATOR', label: 'Collaboratore' },
            { value: 'CUSTOMER', label: 'Cliente' },
          ]}
          allowClear
        />
      </Form.Item>
      <Form.Item name="value" label="value">
        <Input name="value" field={field} target={target} mode={mode} />
      </Form.Item>
      <Form.Item shouldUpdate noStyle>
        {(form) => <output data-testid="value">{JSON.stringify(form.getFieldValue('value') ?? null)}</output>}
      </Form.Item>
    </Form>
  );
}

const lookupBox = () => screen.getAllByRole('combobox')[1]!;
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
      '/api/conf/tables/tablevalue': (url) => page(url.searchParams.get('tableCodes') === 'MOVEMENT_CAUSAL' ? CAUSALS : RELATIONS),
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

  it('without rules offers the whole table', async () => {
    renderApp(<Harness field={lookup('MOVEMENT_CAUSAL')} mode="create" />);
    expect(await offered()).toHaveLength(3);
  });
});

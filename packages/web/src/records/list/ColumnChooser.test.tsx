import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { ColumnChooser } from './ColumnChooser';

const columns = [
  { id: 'code', label: 'Codice' },
  { id: 'name', label: 'Nome' },
  { id: 'updatedAt', label: 'Ultima modifica' },
];

async function open(visible: string[]) {
  await initI18n('it');
  const onChange = vi.fn();
  const onReset = vi.fn();
  render(<ColumnChooser columns={columns} visible={visible} onChange={onChange} onReset={onReset} />);
  await userEvent.click(screen.getByTestId('list-columns-button'));
  return { onChange, onReset };
}

const box = (id: string): HTMLInputElement => {
  const element = screen.getByTestId(`list-column-${id}`);
  return element instanceof HTMLInputElement ? element : element.querySelector('input')!;
};

describe('ColumnChooser', () => {
  it('shows a column in display order and hides another', async () => {
    const { onChange } = await open(['name']);
    expect(box('name').checked).toBe(true);
    expect(box('code').checked).toBe(false);
    await userEvent.click(screen.getByText('Ultima modifica'));
    expect(onChange).toHaveBeenLastCalledWith(['name', 'updatedAt']);
    await userEvent.click(screen.getByText('Codice'));
    expect(onChange).toHaveBeenLastCalledWith(['code', 'name']);
  });

  it('keeps the last visible column', async () => {
    const { onChange } = await open(['name']);
    expect(box('name').disabled).toBe(true);
    await userEvent.click(screen.getByText('Nome'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('restores the defaults', async () => {
    const { onReset } = await open(['code', 'name']);
    await userEvent.click(screen.getByTestId('list-columns-reset'));
    expect(onReset).toHaveBeenCalledOnce();
  });
});

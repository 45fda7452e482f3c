/** A `data-testid` for the props objects antd passes on (button props of modals and confirms). */
export const testId = (id: string): Record<`data-${string}`, string> => ({ 'data-testid': id });

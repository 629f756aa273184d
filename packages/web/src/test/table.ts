/** The table row of the record keyed `key` (antd's `data-row-key`), which the test expects shown. */
export const tableRow = (key: string | number): HTMLElement => document.querySelector<HTMLElement>(`tr[data-row-key="${key}"]`)!;

import { fireEvent, screen, within } from '@testing-library/react';
import { SLOW } from './mockApi';

/** An open dialog and its fields by label. */
export interface OpenDialog {
  dialog: HTMLElement;
  field: (label: string) => HTMLElement;
}

/** Waits for the dialog titled `title`. */
export async function findDialog(title: string): Promise<OpenDialog> {
  const dialog = (await screen.findByText(title, { selector: '.ant-modal-title' }, SLOW)).closest('.ant-modal') as HTMLElement;
  return { dialog, field: (label) => within(dialog).getByLabelText(label) };
}

/** Opens the select `field` and clicks `option` in the newest open list. */
export async function pickOption(field: HTMLElement, option: string): Promise<void> {
  fireEvent.mouseDown(field);
  const lists = await screen.findAllByRole('listbox', {}, SLOW);
  fireEvent.click(within(lists.at(-1)!.parentElement!).getByText(option));
}

/** Clicks the page's button named (in part) `button` and waits for the dialog titled `title`. */
export async function openDialog(button: string, title: string): Promise<OpenDialog> {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(button) }));
  return findDialog(title);
}

import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyPart } from './lazyPart';

function Dialog({ open, name }: { open: boolean; name: string }): ReactElement {
  return <p>{open ? `${name} open` : `${name} closed`}</p>;
}

describe('lazyPart', () => {
  it('loads nothing until the part is first shown, then keeps it mounted when it closes', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const Part = lazyPart(load, (p) => p.open);
    const { rerender } = render(<Part open={false} name="account" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/account/)).toBeNull();

    rerender(<Part open name="account" />);
    expect(await screen.findByText('account open')).toBeTruthy();
    rerender(<Part open={false} name="account" />);
    expect(screen.getByText('account closed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback while a part rendered at once loads', async () => {
    const Part = lazyPart(() => Promise.resolve(Dialog), undefined, <span>loading</span>);
    render(<Part open name="log" />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('log open')).toBeTruthy();
  });
});

// @vitest-environment jsdom
// Decision 0601: a dialog gives focus back to whatever opened it, however it closes, even when not
// a Radix Trigger; when the opener is gone, to the dialog's fallback.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';

beforeAll(async () => {
  // The interface texts (the close button reads 'Close'), as the app loads them.
  await import('../../lib/i18n');
});
afterEach(cleanup);

/** A dialog opened from an ordinary button (a card, the header): no Radix Trigger. */
function OpenedFromButton({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <>
      <a href="#main">Main content</a>
      {openerShown && (
        <button
          type="button"
          onClick={() => {
            setOpen(true);
            if (removeOpener) setOpenerShown(false);
          }}
        >
          Open details
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent fallbackFocus={() => screen.getByRole('link', { name: 'Main content' })}>
          <DialogTitle>Market details</DialogTitle>
          <DialogDescription>About this market</DialogDescription>
          <button type="button" onClick={() => setOpen(false)}>
            Save
          </button>
        </DialogContent>
      </Dialog>
    </>
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const opener = screen.getByRole('button', { name: 'Open details' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Market details' });
  // Radix moves focus into the dialog as it opens.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { opener, dialog };
}

describe('DialogContent focus handling', () => {
  it('Escape closes the dialog and focus is back on the button that opened it', async () => {
    const user = userEvent.setup();
    render(<OpenedFromButton />);
    const { opener } = await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('the close button closes the dialog and focus is back on the opener', async () => {
    const user = userEvent.setup();
    render(<OpenedFromButton />);
    const { opener, dialog } = await openDialog(user);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(dialog.contains(close)).toBe(true);
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it("the dialog's own action closing it also returns focus to the opener", async () => {
    const user = userEvent.setup();
    render(<OpenedFromButton />);
    const { opener } = await openDialog(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('focus goes to the fallback when the opener is no longer in the page', async () => {
    const user = userEvent.setup();
    render(<OpenedFromButton removeOpener />);
    await openDialog(user);
    expect(screen.queryByRole('button', { name: 'Open details' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Main content' }));
  });

  it('a Radix Trigger gets focus back too', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Share</DialogTrigger>
        <DialogContent>
          <DialogTitle>Share this event</DialogTitle>
          <DialogDescription>Links to share</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Share' });
    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Share this event' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});

// @vitest-environment jsdom
// After a failed submit the form focuses its first invalid field once (use-location-form.ts,
// focusFirstError): a person who starts fixing that field keeps the focus, however slow the page is.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusFirstError, useLocationForm } from './use-location-form';

function AddLikeForm() {
  const form = useLocationForm(undefined, { requireDescription: true });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(
        () => {},
        (errors, event) => focusFirstError(form, errors, event),
      )}
    >
      <input aria-label="Name" {...form.register('name')} />
      <textarea aria-label="Description" {...form.register('description')} />
      <button type="submit">Add</button>
    </form>
  );
}

/** Lets react-hook-form's validation (promises) run to its end without letting timers fire. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('focus after a failed submit', () => {
  it('goes to the first invalid field and stays there while it is being fixed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<AddLikeForm />);
    fireEvent.submit(screen.getByRole('button', { name: 'Add' }).closest('form')!);
    await settle();
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    // The person types before any timer of the form's had a chance to run (a busy phone).
    fireEvent.change(name, { target: { value: 'Keyboard garden' } });
    await settle();
    await act(async () => {
      vi.runAllTimers();
    });
    expect(document.activeElement).toBe(name);
    expect(screen.getByLabelText('Description')).not.toBe(document.activeElement);
  });

  it('goes to a later field when the earlier ones are valid', async () => {
    render(<AddLikeForm />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'A garden' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Add' }).closest('form')!);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Description')));
  });
});

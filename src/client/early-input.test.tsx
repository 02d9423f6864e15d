// @vitest-environment jsdom
// public/early-input.js (decision 0904): input on server HTML before the app is live is handed to
// the app once <html data-hydrated> is set; what the browser does by itself is left alone.
import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup } from '@testing-library/react';
import { type FormEvent, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SCRIPT = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/early-input.js'), 'utf8');

/** Marks the page live after hydrating, as app/app.tsx's HydrationMark does. */
function LiveMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const calls = { share: vi.fn(), card: vi.fn(), search: vi.fn(), language: vi.fn(), box: vi.fn() };

function Page() {
  const [text, setText] = useState('');
  const [lang, setLang] = useState('en');
  const [checked, setChecked] = useState(false);
  const [count, setCount] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => calls.share()}>
        <svg data-testid="icon" />
        Share
      </button>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        Count {count}
      </button>
      <a href="/discover/a-place">A place</a>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a test double of a card body */}
      <article data-keep-tap="" onClick={() => calls.card()}>
        <p>Body</p>
        <a href="/discover/b-place">B place</a>
      </article>
      <form
        method="get"
        action="/"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          calls.search(text);
        }}
      >
        <input aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">Search</button>
      </form>
      <select
        aria-label="Language"
        value={lang}
        onChange={(e) => {
          setLang(e.target.value);
          calls.language(e.target.value);
        }}
      >
        <option value="en">English</option>
        <option value="es">Español</option>
      </select>
      <input
        type="checkbox"
        aria-label="Open now"
        checked={checked}
        onChange={(e) => {
          setChecked(e.target.checked);
          calls.box(e.target.checked);
        }}
      />
      <LiveMark />
    </div>
  );
}

let root: Root | null = null;

/** Server HTML in #root and the keeper running, as on a page that has painted but not hydrated. */
function serverPage() {
  document.body.innerHTML = `<div id="root">${renderToString(<Page />)}</div>`;
  // Runs the shipped script as the page does, in the page's global scope.
  new Function(SCRIPT)();
}

async function goLive() {
  await act(async () => {
    root = hydrateRoot(document.getElementById('root')!, <Page />);
  });
  // The keeper replays in a task of its own after the page went live.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 10));
  });
}

const byText = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('button, a, article')].find((el) => el.textContent?.includes(text))!;

const tap = (el: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  el.dispatchEvent(event);
  return event;
};

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  cleanup();
  delete document.documentElement.dataset.hydrated;
  for (const fn of Object.values(calls)) fn.mockReset();
});

describe('early input', () => {
  it('keeps a tap on a button, shows it was heard, and replays it once when the page is live', async () => {
    serverPage();
    const share = byText('Share');
    const first = tap(document.querySelector('[data-testid="icon"]')!);
    expect(first.defaultPrevented).toBe(true);
    expect(share.getAttribute('aria-busy')).toBe('true');
    expect(share.hasAttribute('data-early-kept')).toBe(true);
    // A second tap while it waits is not a second action.
    tap(share);
    expect(calls.share).not.toHaveBeenCalled();
    await goLive();
    expect(calls.share).toHaveBeenCalledTimes(1);
    expect(share.hasAttribute('aria-busy')).toBe(false);
    expect(share.hasAttribute('data-early-kept')).toBe(false);
    expect(document.activeElement).toBe(share);
    // Live, taps go straight to the app.
    act(() => {
      tap(byText('Count'));
    });
    expect(byText('Count').textContent).toBe('Count 1');
  });

  it('leaves links and a GET form submit to the browser, and keeps a tap on a marked element', async () => {
    serverPage();
    expect(tap(byText('A place')).defaultPrevented).toBe(false);
    const inCard = document.querySelector('article a')!;
    expect(tap(inCard).defaultPrevented).toBe(false);
    expect(tap(document.querySelector('button[type="submit"]')!).defaultPrevented).toBe(false);
    expect(tap(document.querySelector('article p')!).defaultPrevented).toBe(true);
    await goLive();
    expect(calls.card).toHaveBeenCalledTimes(1);
  });

  it('hands typed text and a chosen language to the app, even when a render put the old value back', async () => {
    serverPage();
    const box = document.querySelector<HTMLInputElement>('input[aria-label="Search"]')!;
    box.value = 'orchard';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    const select = document.querySelector('select')!;
    select.value = 'es';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    select.value = 'en'; // as a render of the app's own value would
    await goLive();
    expect(calls.language).toHaveBeenCalledWith('es');
    expect(select.value).toBe('es');
    await act(async () => {
      document.querySelector('form')!.requestSubmit();
    });
    expect(calls.search).toHaveBeenCalledWith('orchard');
  });

  it('keeps a check box as it was until the app toggles it', async () => {
    serverPage();
    const box = document.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    box.click();
    expect(box.checked).toBe(false);
    await goLive();
    expect(calls.box).toHaveBeenCalledWith(true);
    expect(box.checked).toBe(true);
  });

  it('lets go when the app script fails to load', () => {
    serverPage();
    const share = byText('Share');
    tap(share);
    const script = document.createElement('script');
    document.head.append(script);
    script.dispatchEvent(new Event('error'));
    expect(share.hasAttribute('data-early-kept')).toBe(false);
    expect(tap(share).defaultPrevented).toBe(false);
  });
});

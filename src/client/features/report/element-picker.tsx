// Element-picking mode of the report dialog (docs/product.md section 2): dim overlay, banner and
// highlight; picks by mouse or keyboard while the page's own controls never react (decision 0352).
import { type Ref, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ELEMENT_SELECTION_NOTICE_MS } from '../../../shared/constants';
import { announce } from '../../lib/announce';

/** What the keyboard walks through: the things a person would point at. */
const CANDIDATES =
  'h1, h2, h3, h4, h5, h6, p, a[href], button, img, article, li, [role="article"], [data-report-target], label, input, select, textarea, table, figure';

const BLOCKED_EVENTS = [
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'dblclick',
  'auxclick',
  'contextmenu',
] as const;

interface Props {
  /** Called once the notice has shown; the picker stays up until the parent unmounts it. */
  onSelect(el: HTMLElement): void;
  onCancel(): void;
}

function isVisible(el: Element): boolean {
  const r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

function keyboardCandidates(root: Element | null): HTMLElement[] {
  const scope = root ?? document.body;
  const list = Array.from(scope.querySelectorAll<HTMLElement>(CANDIDATES)).filter(isVisible);
  return list.length > 0 ? list : [scope as HTMLElement];
}

export function ElementPicker({ onSelect, onCancel }: Props) {
  const { t } = useTranslation('report');
  const rootRef = useRef<HTMLDivElement>(null);
  const bannerRef = useRef<HTMLElement>(null);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [rect, setRect] = useState<DOMRect | null>(null);
  const [selected, setSelected] = useState(false);
  const targetRef = useRef<HTMLElement | null>(null);
  const selectedRef = useRef(false);
  const indexRef = useRef(-1);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);
  const callbacks = useRef({ onSelect, onCancel });
  callbacks.current = { onSelect, onCancel };

  const inPicker = useCallback(
    (node: EventTarget | null) => node instanceof Node && !!rootRef.current?.contains(node),
    [],
  );

  const highlight = useCallback((el: HTMLElement | null) => {
    targetRef.current = el;
    setTarget(el);
    setRect(el ? el.getBoundingClientRect() : null);
  }, []);

  const choose = useCallback(
    (el: HTMLElement) => {
      if (selectedRef.current) return;
      selectedRef.current = true;
      highlight(el);
      setSelected(true);
      announce(t('picker.selected'));
      noticeTimer.current = setTimeout(() => callbacks.current.onSelect(el), ELEMENT_SELECTION_NOTICE_MS);
    },
    [highlight, t],
  );

  // Focus the banner and say how picking works.
  useEffect(() => {
    const id = setTimeout(() => bannerRef.current?.focus(), 0);
    announce(t('picker.announce'));
    return () => clearTimeout(id);
  }, [t]);

  // Mouse and touch: hover highlights, a click selects; nothing reaches the page.
  useEffect(() => {
    const onMove = (e: MouseEvent) => {
      if (selectedRef.current || inPicker(e.target)) return;
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (el && el !== document.documentElement && el !== document.body && el !== targetRef.current) highlight(el);
    };
    const block = (e: Event) => {
      if (inPicker(e.target)) return;
      e.preventDefault();
      e.stopPropagation();
      e.stopImmediatePropagation();
      if (e.type !== 'click' || selectedRef.current) return;
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (el && el !== document.documentElement && el !== document.body) choose(el);
    };
    window.addEventListener('mousemove', onMove, true);
    for (const type of BLOCKED_EVENTS) window.addEventListener(type, block, true);
    return () => {
      window.removeEventListener('mousemove', onMove, true);
      for (const type of BLOCKED_EVENTS) window.removeEventListener(type, block, true);
    };
  }, [choose, highlight, inPicker]);

  // Keyboard: Arrow keys / Tab move through main's meaningful elements, Enter selects, Escape cancels.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (selectedRef.current) {
        if (e.key === 'Tab' || e.key === 'Enter') e.preventDefault();
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        callbacks.current.onCancel();
        return;
      }
      const forward = e.key === 'ArrowDown' || e.key === 'ArrowRight' || (e.key === 'Tab' && !e.shiftKey);
      const backward = e.key === 'ArrowUp' || e.key === 'ArrowLeft' || (e.key === 'Tab' && e.shiftKey);
      if (forward || backward) {
        e.preventDefault();
        e.stopPropagation();
        const list = keyboardCandidates(document.querySelector('main'));
        const current = targetRef.current ? list.indexOf(targetRef.current) : -1;
        const from = current >= 0 ? current : indexRef.current;
        const next =
          from < 0 ? (forward ? 0 : list.length - 1) : (from + (forward ? 1 : -1) + list.length) % list.length;
        indexRef.current = next;
        const el = list[next];
        if (!el) return;
        el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        highlight(el);
        announce(t('picker.highlighted', { label: labelFor(el) }));
        return;
      }
      if (e.key === 'Enter') {
        // Enter on Cancel activates Cancel.
        if (e.target instanceof HTMLButtonElement && inPicker(e.target)) return;
        e.preventDefault();
        e.stopPropagation();
        const el = targetRef.current ?? keyboardCandidates(document.querySelector('main'))[0];
        if (el) choose(el);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [choose, highlight, inPicker, t]);

  // Keep the box on its element while the page scrolls or resizes.
  useLayoutEffect(() => {
    if (!target) return;
    const update = () => setRect(target.getBoundingClientRect());
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [target]);

  return createPortal(
    <div ref={rootRef} data-report-picker="" className="report-picker">
      {/* The dim layer: whole page when nothing is highlighted, else everything but the box. */}
      {!rect && <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-[900] bg-black/40" />}
      {rect && <PickerHighlight rect={rect} tag={target?.tagName.toLowerCase()} />}
      <PickerBanner bannerRef={bannerRef} selected={selected} onCancel={() => callbacks.current.onCancel()} />
    </div>,
    document.body,
  );
}

/** The box around the highlighted element, with its tag name above it (below near the top edge);
 * the page around it is dimmed. */
function PickerHighlight({ rect, tag }: { rect: DOMRect; tag: string | undefined }) {
  const labelAbove = rect.top >= 28;
  return (
    <div
      aria-hidden="true"
      data-testid="report-picker-highlight"
      className="pointer-events-none fixed z-[900] rounded-sm outline outline-3 outline-offset-0 outline-amber-400"
      style={{
        top: rect.top,
        left: rect.left,
        width: rect.width,
        height: rect.height,
        boxShadow: '0 0 0 200vmax rgba(0, 0, 0, 0.4)',
      }}
    >
      <span
        data-testid="report-picker-tag"
        className="absolute left-0 rounded bg-amber-400 px-1.5 py-0.5 font-mono text-xs font-semibold text-gray-900"
        style={labelAbove ? { bottom: '100%', marginBottom: 4 } : { top: '100%', marginTop: 4 }}
      >
        {tag}
      </span>
    </div>
  );
}

/** The banner: how to pick and Cancel, then the notice that an element was selected. */
function PickerBanner({
  bannerRef,
  selected,
  onCancel,
}: {
  bannerRef: Ref<HTMLElement>;
  selected: boolean;
  onCancel(): void;
}) {
  const { t } = useTranslation('report');
  return (
    <section
      ref={bannerRef}
      tabIndex={-1}
      aria-label={t('picker.banner')}
      data-testid="report-picker-banner"
      className="fixed left-1/2 top-3 z-[901] flex w-[min(40rem,calc(100vw-1.5rem))] -translate-x-1/2 flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-900 px-4 py-3 text-white shadow-xl focus:outline-none focus-visible:ring-4 focus-visible:ring-amber-400"
    >
      {selected ? (
        <p className="font-semibold" data-testid="report-picker-notice">
          {t('picker.selected')}
        </p>
      ) : (
        <>
          <div>
            <p className="font-semibold">{t('picker.banner')}</p>
            <p className="text-sm text-gray-200">{t('picker.keyboardHint')}</p>
          </div>
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex min-h-10 items-center rounded-md border border-white/70 px-4 py-2 text-sm font-medium hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
          >
            {t('picker.cancel')}
          </button>
        </>
      )}
    </section>
  );
}

/** "h3: Find Green Resources" for announcements. */
function labelFor(el: HTMLElement): string {
  const text = (el.textContent || el.getAttribute('alt') || el.getAttribute('aria-label') || '')
    .replace(/\s+/g, ' ')
    .trim();
  return `${el.tagName.toLowerCase()}${text ? `: ${text.slice(0, 60)}` : ''}`;
}

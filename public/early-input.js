/*
 * The page's scripts started once its first paint is on screen (decision 0915, first below), and
 * input kept until the page is live (decision 0904). A server-rendered page shows its controls before
 * the app's JavaScript has arrived and hydrated them (decision 0900); a tap on a button then did
 * nothing and was lost for good. This small script runs in the page's <head>, before the first
 * paint, and until <html data-hydrated> says the page is live (lib/live.ts) it keeps:
 *   - a tap or key press on a control whose action is the app's (a button, a check box, an ARIA
 *     widget, or an element marked data-keep-tap): the control shows it heard (aria-busy and
 *     data-early-kept, styles.css), and the tap is replayed on it once the page is live;
 *   - text typed into a field and a choice made in a list, handed to the app once it is live (React
 *     keeps the typed value when it hydrates, but its state would not know of it);
 *   - the app's keyboard shortcuts (Alt with a key).
 * Links and the submit button of a GET form are left to the browser: they work without JavaScript.
 * Plain ES5, apart from the bundle: it must not wait for it. The build minifies it
 * (scripts/compress-assets.mjs) and the server puts it inline in every page, allowed by the Content
 * Security Policy by the hash of its text (src/server/plugins/early-input.ts); the Vite dev server
 * serves it as the file index.html names.
 */
(function () {
  'use strict';
  var doc = document;
  var html = doc.documentElement;

  /*
   * The page's scripts, held by the server in <template id="page-scripts"> (decision 0915), are
   * started once the first paint is on screen (its entry is in the performance timeline, looked for
   * at each frame, ten frames at most): that paint no longer shares the machine with their compiling,
   * and on a slowed phone they are asked for ~0.15 s later than from the head. A page the browser
   * does not draw (a hidden or prerendered tab) gets them once parsed. First in this script, as the
   * rest may have nothing to do.
   */
  var started = false;
  function startScripts() {
    var held = doc.getElementById('page-scripts');
    if (started || !held) return;
    started = true;
    held.parentNode.removeChild(held);
    doc.head.appendChild(doc.importNode(held.content, true));
  }
  function whenParsed() {
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', startScripts);
    else startScripts();
  }
  function onHidden() {
    if (doc.visibilityState === 'hidden') whenParsed();
  }
  var frames = 0;
  function afterFirstPaint() {
    var timeline = window.performance;
    // The entry is there once the frame is presented, which can lag the frame's own work by 40 ms.
    var painted = timeline && timeline.getEntriesByType && timeline.getEntriesByType('paint').length > 0;
    if (!painted && ++frames < 10) {
      requestAnimationFrame(afterFirstPaint);
      return;
    }
    setTimeout(function () {
      doc.removeEventListener('visibilitychange', onHidden);
      startScripts();
      // A first paint made before the head's end was parsed (the template not there yet).
      if (!started) whenParsed();
    }, 0);
  }
  if (doc.visibilityState === 'hidden') {
    whenParsed();
  } else {
    doc.addEventListener('visibilitychange', onHidden);
    requestAnimationFrame(afterFirstPaint);
  }

  if (html.getAttribute('data-hydrated') === 'true' || !window.MutationObserver) return;

  var APP_CONTROL =
    'button, input[type="checkbox"], input[type="radio"], a:not([href]), [role="button"], [role="tab"],' +
    ' [role="switch"], [role="checkbox"], [role="option"], [role="menuitem"], [data-keep-tap]';
  var NATIVE = 'a[href], input, select, textarea, label, summary';
  var taps = []; // {control, target, path} or {key: KeyboardEventInit, target}, in order
  var fields = []; // {field, value}: text fields typed into and lists changed, in order of first change

  function isLive() {
    return html.getAttribute('data-hydrated') === 'true';
  }

  function appRoot() {
    return doc.getElementById('root');
  }

  /** The element's place under #root (child indexes), to find it again if the app rendered afresh. */
  function pathOf(el) {
    var path = [];
    var root = appRoot();
    for (var node = el; node && node !== root; node = node.parentElement) {
      var i = 0;
      for (var sib = node.previousElementSibling; sib; sib = sib.previousElementSibling) i++;
      path.unshift(i);
    }
    return path;
  }

  function atPath(path, tagName) {
    var node = appRoot();
    for (var i = 0; node && i < path.length; i++) node = node.children[path[i]];
    return node && node.tagName === tagName ? node : null;
  }

  /** The control a tap on target would reach that only the app can act on, or null when the browser
   * handles it by itself (a link, a field, a GET form's submit) or nothing would. */
  function appControl(target) {
    if (!target || !target.closest) return null;
    var root = appRoot();
    var control = target.closest(APP_CONTROL);
    if (!control || !root || !root.contains(control)) return null;
    var native = target.closest(NATIVE);
    if (native && native !== control && control.contains(native)) return null;
    if (control.disabled || control.getAttribute('aria-disabled') === 'true') return null;
    if (control.type === 'submit' && control.form) {
      var method = (control.getAttribute('formmethod') || control.form.getAttribute('method') || 'get').toLowerCase();
      if (method === 'get') return null;
    }
    return control;
  }

  function mark(control, on) {
    if (on) {
      control.setAttribute('data-early-kept', '');
      control.setAttribute('aria-busy', 'true');
    } else {
      control.removeAttribute('data-early-kept');
      control.removeAttribute('aria-busy');
    }
  }

  function onClick(event) {
    if (isLive()) return;
    var control = appControl(event.target);
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second tap on a control that is already waiting is the "did it work?" tap: it shows it did.
    if (control.hasAttribute('data-early-kept')) return;
    mark(control, true);
    taps.push({ control: control, target: event.target, path: pathOf(control) });
  }

  function onKeyDown(event) {
    if (isLive() || !event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    taps.push({
      target: event.target,
      key: { key: event.key, code: event.code, altKey: true, shiftKey: event.shiftKey, bubbles: true, cancelable: true },
    });
  }

  function onInput(event) {
    var field = event.target;
    if (isLive() || !field || !/^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName)) return;
    var root = appRoot();
    if (!root || !root.contains(field) || field.type === 'checkbox' || field.type === 'radio') return;
    // The value is noted now: a render before the page is live may put the field's own value back.
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].field === field) {
        fields[i].value = field.value;
        return;
      }
    }
    fields.push({ field: field, value: field.value });
  }

  /** Hands a typed value or a choice to the app: React reads a change only when its own record of
   * the field's value differs from the field's, so the value goes through its setter first. */
  function replayField(field, value) {
    if (!field.isConnected) return;
    if (field.tagName === 'SELECT') {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    var proto = Object.getPrototypeOf(field);
    var descriptor = Object.getOwnPropertyDescriptor(proto, 'value');
    field.value = value === '' ? ' ' : '';
    if (descriptor && descriptor.set) descriptor.set.call(field, value);
    else field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  /** A tap as the app would have seen it: focus on the control (a dialog it opens returns focus
   * there), then the pointer and mouse events (some widgets act on the press) and the click. */
  function press(control, target) {
    if (typeof control.focus === 'function') control.focus({ preventScroll: true });
    fire(target, 'pointerdown', 1);
    fire(target, 'mousedown', 1);
    fire(target, 'pointerup', 0);
    fire(target, 'mouseup', 0);
    // dispatchEvent, not click(): the target may be an icon (SVG elements have no click()); a click
    // event runs a control's own behaviour (a check box toggles) just the same.
    fire(target, 'click', 0);
  }

  function fire(target, type, buttons) {
    var init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: buttons };
    if (type.indexOf('pointer') === 0) {
      if (!window.PointerEvent) return;
      init.pointerType = 'mouse';
      init.isPrimary = true;
      target.dispatchEvent(new PointerEvent(type, init));
    } else {
      target.dispatchEvent(new MouseEvent(type, init));
    }
  }

  function replay() {
    var i;
    for (i = 0; i < fields.length; i++) replayField(fields[i].field, fields[i].value);
    for (i = 0; i < taps.length; i++) {
      var tap = taps[i];
      if (tap.key) {
        var to = tap.target && tap.target.isConnected ? tap.target : doc.body;
        to.dispatchEvent(new KeyboardEvent('keydown', tap.key));
        continue;
      }
      mark(tap.control, false);
      if (tap.control.isConnected) {
        press(tap.control, tap.target.isConnected && tap.control.contains(tap.target) ? tap.target : tap.control);
      } else {
        // The app rendered the page afresh instead of hydrating it: the same place, if it is the same kind.
        var again = atPath(tap.path, tap.control.tagName);
        if (again) press(again, again);
      }
    }
    taps = [];
    fields = [];
  }

  function stop() {
    observer.disconnect();
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('keydown', onKeyDown, true);
    window.removeEventListener('input', onInput, true);
    window.removeEventListener('change', onInput, true);
    window.removeEventListener('error', onError, true);
  }

  /** The app's script could not load: nothing will be replayed, so nothing may look busy. */
  function onError(event) {
    var target = event.target;
    if (!target || target.tagName !== 'SCRIPT' || isLive()) return;
    stop();
    for (var i = 0; i < taps.length; i++) if (taps[i].control) mark(taps[i].control, false);
    taps = [];
    fields = [];
  }

  var observer = new MutationObserver(function () {
    if (!isLive()) return;
    stop();
    // In a task of its own: the effects of the commit that made the page live have all run by then.
    setTimeout(replay, 0);
  });
  observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
  window.addEventListener('click', onClick, true);
  window.addEventListener('keydown', onKeyDown, true);
  window.addEventListener('input', onInput, true);
  window.addEventListener('change', onInput, true);
  window.addEventListener('error', onError, true);
})();

// The shape of the phone's turn screens (telling, playing, voting): a form while this phone has something
// to do, a waiting view otherwise. A form is built once when its turn comes, so a half-made choice (a
// selected card, typed text) survives the states that arrive while it is open.
import { h, fill } from '/static/shared/dom.js';

/**
 * A screen for the phone's router: { el, update(ctx), refused(), carry() }.
 * - carried: what carry() of this screen gave before it was drawn again (the language switch), or null: the
 *   form of the same name takes its choices back (those still valid).
 * - props: attributes of the <section> (class, data-testid).
 * - choose(ctx) → the name of the form for this state, or null to wait.
 * - forms: { name: (ctx) → { el, update(ctx), release() } }; release() re-enables the form's button after
 *   the server refused what it sent.
 * - waitView(ctx) → the waiting view's node, drawn on every state: a new node replaces the last one; the same
 *   node again (a view that redraws itself in place, screens/playing.js) stays, with whatever is open in it.
 */
export function formScreen(props, choose, forms, waitView, carried) {
  const el = h('section', props);
  let mode = null;
  let form = null;
  function update(ctx) {
    const next = choose(ctx);
    if (next !== mode) {
      mode = next;
      form = next === null ? null : forms[next](ctx);
      if (form) fill(el, form.el);
      if (form && carried && carried.mode === next && form.restore) form.restore(carried.form);
      carried = null;
    }
    if (form) form.update(ctx);
    else {
      const view = waitView(ctx);
      if (el.firstChild !== view) fill(el, view);
    }
  }
  function refused() {
    if (form) form.release();
  }
  function carry() {
    return { mode: mode, form: form && form.carry ? form.carry() : null };
  }
  return { el: el, update: update, refused: refused, carry: carry };
}

/**
 * A form for formScreen around a confirmBar (card-grid.js): `el` its node, `bar` its button, `refresh()`
 * redraws the button from the form's choices, `draw(ctx)` (optional) redraws what follows each state,
 * `keep` (optional) { carry() → the choices, restore(choices) } for the same form drawn again.
 * The button is drawn at once; release() re-enables it after a refusal; it waits while ctx.online is false.
 */
export function confirmForm(el, bar, refresh, draw, keep) {
  refresh();
  return {
    el: el,
    update(ctx) {
      if (draw) draw(ctx);
      bar.wait(!ctx.online);
      refresh();
    },
    carry: keep ? keep.carry : null,
    restore: keep ? (data) => { if (data) keep.restore(data); refresh(); } : null,
    release() {
      bar.release();
      refresh();
    },
  };
}

/** confirmForm's `keep` for a typed association: the text as typed. */
export function keptText(field) {
  return {
    carry: () => field.input.value,
    restore: (text) => { field.input.value = text; field.refresh(); },
  };
}

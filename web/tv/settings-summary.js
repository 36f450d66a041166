// The table settings as chips (lobby).
import { h } from '/static/shared/dom.js';
import { t, tn, tOr, localized } from '/static/shared/i18n.js';
import { modeRules, rules } from '/static/shared/rules.js';

/** Chips describing settings (RULES.md §4) and the deck; `board` (the lobby's or the game's) says whether the
 * special cells could apply at all (kids with two or more children: no chip about them). */
export function settingsSummary(settings, deck, board) {
  const chips = [];
  if (settings.ruleset) chips.push(tOr(`ruleset.${settings.ruleset}`, settings.ruleset));
  if (settings.mode && settings.mode !== rules().default.mode) chips.push(tOr(`mode.${settings.mode}`, settings.mode));
  if (settings.short_game != null) chips.push(t('settings.short_game_to', { n: settings.short_game }));
  if (settings.reshuffle) chips.push(t('settings.reshuffle_on'));
  if (settings.restriction) chips.push(t('settings.restriction_is', { what: t(`condition_short.${settings.restriction}`) }));
  if (settings.special_cells === false && !(board && board.storyteller_on_board === false)) chips.push(t('settings.special_cells_off'));
  if (modeRules(settings.mode).when_deck_empty && settings.when_deck_empty) chips.push(t('settings.deck_empty_chip', { what: t(`when_deck_empty.${settings.when_deck_empty}`) }));
  // The kids' adult tells every round (RULES.md §2.5): no first storyteller is drawn or picked there.
  if (modeRules(settings.mode).has_adult) chips.push(t('settings.kids_storyteller_chip'));
  else if (settings.first_storyteller) chips.push(t(`first_storyteller.${settings.first_storyteller}`));
  // The kids' game is never timed (server/room/clock.py): its TV does not promise a timer.
  if (settings.timer && !modeRules(settings.mode).has_adult) chips.push(t('settings.timer_chip', { n: settings.timer }));
  // At a kids' table `size` is what the kids' filter leaves (what the game deals), `all` the whole deck.
  const n = deck && deck.size != null ? deck.size : '?';
  if (deck && deck.title && modeRules(settings.mode).has_adult && deck.all != null) {
    chips.push(t('settings.deck_is_kids', { title: localized(deck.title), n, all: deck.all }));
  } else if (deck && deck.title) chips.push(tn('settings.deck_is', n, { title: localized(deck.title) }));
  return chips.map((c) => h('span', { class: 'chip setting-chip', text: c }));
}

// The messages the server sends a page, as JSDoc types for the checker (`tsc --noEmit -p .`, tsconfig.json):
// the wire format is docs/protocol.md ("Server → client"); the room part is server/room/views.py
// `room_view`, the game part server/engine/views.py `public_view` / `player_view` (shapes also in
// docs/architecture.md "Public view"). Types only: no page loads this file; a module names a type with
// `/** @typedef {import('/static/shared/protocol.js').State} State */`.

/**
 * `welcome`: after `hello` and whenever this socket's seat, person or host status changes.
 * @typedef {object} Welcome
 * @property {'welcome'} type
 * @property {string} room                the room code
 * @property {string | null} seat         the seat this phone plays for
 * @property {string | null} person       the phone's own person id (= seat outside pairs)
 * @property {string | null} token        the person's seat token (kept by the phone)
 * @property {boolean} is_host
 * @property {'tv' | 'phone'} role
 * @property {string} [tv_key]            the TV only: its key to the story over HTTP
 */

/**
 * `state`: the whole picture, after every change.
 * @typedef {object} State
 * @property {'state'} type
 * @property {number} state_id            the version actions must name (docs/protocol.md "state_id")
 * @property {Room} room
 * @property {Game | null} game           null in the lobby
 * @property {You} you
 */

/**
 * Who this socket is, as of the state.
 * @typedef {object} You
 * @property {string | null} seat
 * @property {string | null} person
 * @property {boolean} is_host
 * @property {'tv' | 'phone'} role
 */

/**
 * `error`: a refusal, to the sender only.
 * @typedef {object} ErrorMessage
 * @property {'error'} type
 * @property {string} code                e.g. `own_card`, `stale_state` (docs/protocol.md "error")
 * @property {string} message             the sentence in the socket's language
 * @property {string | null} ref          the refused message's type
 * @property {Object<string, number | boolean | string | null>} params
 */

/** @typedef {Welcome | State | ErrorMessage | {type: 'pong'}} ServerMessage */

/**
 * What a page gives web/shared/ws-client.js `connect`.
 * @typedef {object} Connect
 * @property {string} room
 * @property {'tv' | 'phone'} role
 * @property {() => (string | null)} token   the seat token to send in `hello`
 * @property {() => string} lang
 * @property {(msg: ServerMessage) => void} onMessage
 * @property {(status: 'connecting' | 'online' | 'offline' | 'restarting') => void} onStatus
 */

/**
 * The room part of every state (server/room/views.py `room_view`).
 * @typedef {object} Room
 * @property {string} code
 * @property {'lobby' | 'game'} phase
 * @property {boolean} paused
 * @property {string | null} host         the seat the host plays for
 * @property {string | null} host_person  the host's own person id
 * @property {RosterSeat[]} roster        one entry per seat, in seat order
 * @property {number} people              people in the roster (`room_full` counts these)
 * @property {RoomSettings} settings
 * @property {DeckInfo} deck              the deck the room plays with
 * @property {number} decks_version       changes when a deck is uploaded, deleted or filtered
 * @property {number | null} cards_needed in the lobby: the fewest cards a deck needs; null in a game
 * @property {string} join_url
 * @property {string[]} colours_free      the colours nobody wears, in the order a table is offered them
 * @property {number} spectators          phones without a seat
 * @property {number} tvs                 TV pages open on the room (the phones hold a result while one shows it)
 * @property {number} max_people
 * @property {number | null} host_claim_in  null: the host is here; else seconds until `claim_host`
 * @property {Pacing | null} pacing       this round's ready/disputes; null in the lobby
 * @property {GameLength | null} length   in the lobby: how long these settings play
 * @property {{length: number, first_number: number, storyteller_on_board: boolean} | null} board   in the lobby: the
 *   chosen board (storyteller_on_board: the storyteller has an elephant on it here, so its special cells can set
 *   conditions; kids: only with one child)
 * @property {Clock | null} clock         the timer; null when none runs
 * @property {AdultEnters} adult_enters   kids: whose guess only the adult's phone enters
 * @property {AutoPlayed | null} auto_played  whose cards were played for them this round; null when nobody's was
 */

/**
 * From the lay-out (engine phases `voting` and `scored`) to the next round, the seats whose cards went down
 * without their choice and why (docs/protocol.md; server/room/auto_played.py `view`): the timer's or the host's
 * `skip` in the playing phase, or D1's last turn (every seat but the storyteller). Seats only, never which card.
 * @typedef {object} AutoPlayed
 * @property {string[]} seats
 * @property {'timer' | 'host' | 'last_card'} by
 */

/**
 * Kids, engine phase `voting` (RULES.md §2.5; server/room/views.py `adult_enters`): the seats of the children
 * without a phone of their own (the roster's `child` and `open`) still to guess, in seat order, whose guess only
 * the adult's phone can enter (the engine's `awaiting.vote` among them); empty in every other mode and phase.
 * @typedef {string[]} AdultEnters
 */

/**
 * The rules catalogue (`GET /api/rules`, web/shared/rules.js): the engine's (server/engine/catalogue.py) and
 * the rooms' constants (server/room/views.py `catalogue`), fetched once before the first state.
 * @typedef {object} Rules
 * @property {any[]} rulesets            each with its id, sizes, points, modes and defaults (docs/protocol.md)
 * @property {any[]} modes                each with its id, seats and the rules the pages word
 * @property {any[]} settings             `{key, values, default}`
 * @property {string[]} conditions
 * @property {{ruleset?: string, mode?: string}} default
 * @property {number} round_minutes
 * @property {string[]} colours           every elephant colour, in the order a table is offered them
 * @property {number[]} timer_choices     what `settings.timer` may be on this server, seconds (0: off)
 */

/**
 * One seat of the roster (pairs: a team; its lead first in `people`).
 * @typedef {object} RosterSeat
 * @property {string} seat
 * @property {string} name                pairs: "Аня & Борис"
 * @property {string} colour              the lead's
 * @property {boolean} connected          any member's phone
 * @property {number} members
 * @property {RosterPerson[]} people
 * @property {boolean} removed
 * @property {boolean} open               some member's place is free
 * @property {boolean} child              kids: a child without a phone
 */

/**
 * @typedef {object} RosterPerson
 * @property {string} person
 * @property {string} name
 * @property {string} colour
 * @property {boolean} open
 * @property {boolean} child
 */

/**
 * The engine's settings (server/engine/state.py `Settings`) plus the room's own.
 * @typedef {object} RoomSettings
 * @property {string} ruleset             `imaginarium` | `imaginarium-classic` | `dixit` (RULES.md §1)
 * @property {string} mode                `standard` | `pairs` | `trio` | `duel` | `kids` (RULES.md §2)
 * @property {number | null} short_game   the finish cell of a short game (RULES.md §4), or null
 * @property {boolean} reshuffle
 * @property {string | null} restriction  a permanent condition (RULES.md §3)
 * @property {boolean} special_cells
 * @property {'draw' | 'host' | 'claim'} first_storyteller
 * @property {'reshuffle' | 'end'} when_deck_empty   trio's bot cards once the deck is empty (RULES.md D3t)
 * @property {string} deck                a deck id
 * @property {string | null} lang         the TV's language; null: its browser's
 * @property {boolean} sound              the TV's cues
 * @property {boolean} [calm]            the TV moves nothing but fades (the host's "calm TV")
 * @property {number} timer               seconds for playing and voting; 0: off
 */

/**
 * @typedef {object} DeckInfo
 * @property {string} id
 * @property {{en: string, ru: string}} title
 * @property {number} size                cards the table deals (kids: after the kids' filter)
 * @property {number} all                 every card of the deck
 * @property {number} filter_outdated     kids: the filter's exclusions whose picture changed or went since
 * @property {string} rev                 its pictures' fingerprint (card URLs' ?v=: a changed picture is fetched anew)
 */

/**
 * @typedef {object} Pacing
 * @property {string[]} ready             seats that said ready this round
 * @property {string[]} ready_needed      the seats whose ready moves on
 * @property {Array<{seat: string, condition: string}>} disputes
 */

/**
 * @typedef {object} Clock
 * @property {'playing' | 'voting'} phase
 * @property {number} round
 * @property {number} seconds             the whole phase's
 * @property {number} remaining_ms        left when the state was made
 * @property {boolean} paused
 */

/**
 * The lobby's forecast (server/engine `game_length`).
 * @typedef {object} GameLength
 * @property {number} seats
 * @property {number} rounds
 * @property {number} rounds_min
 * @property {number} rounds_max
 * @property {number} turns_min
 * @property {number} turns_max
 * @property {number} tellers
 * @property {number} round_minutes
 * @property {number} minutes
 * @property {number} minutes_min
 * @property {number} minutes_max
 * @property {boolean} open               nothing but the host ends the game
 */

/**
 * The game part of a state: `public_view` (TV, spectators), with `me` for a seated phone (`player_view`).
 * @typedef {object} Game
 * @property {string} ruleset
 * @property {string} mode
 * @property {'telling' | 'playing' | 'voting' | 'scored' | 'game_over'} phase
 * @property {number} round
 * @property {number} version
 * @property {Object<string, any>} settings    the engine's settings
 * @property {GameBoard} board
 * @property {SeatView[]} seats
 * @property {Elephant[]} elephants
 * @property {string | null} storyteller
 * @property {string | null} adult        kids: the adult's seat
 * @property {string[]} conditions        this turn's special-cell condition and permanent restriction
 * @property {string | null} association
 * @property {boolean} disputed
 * @property {string[]} waiting_for       seats the phase waits on
 * @property {Awaiting} awaiting          the moves the phase waits on, each with the seats that owe it
 * @property {string[]} skippable        the seats the host's `skip` passes over now ([]: it would be refused)
 * @property {string[]} voters            seats that vote this round (during `voting`)
 * @property {Array<{number: number, card: string}> | null} table   from `voting` on
 * @property {number} played_count        during `playing`: cards down (not whose)
 * @property {TablePlan} table_plan
 * @property {RoundResult | null} result  in `scored` / `game_over`: the last round
 * @property {number} deck_count
 * @property {number} discard_count
 * @property {boolean} last_card          RULES.md D1: every hand holds one card
 * @property {Object<string, number> | null} first_draw
 * @property {string[] | null} winners   elephant ids
 * @property {string | null} end_reason
 * @property {'win' | 'loss' | 'draw' | null} duel_outcome
 * @property {Me} [me]                    a seated phone only
 */

/**
 * The moves a phase waits on (the engine's `legal.awaiting`), each with the seats that owe it in seat
 * order; a move nobody owes is absent. Kids (RULES.md §2.5): `{reveal: [adult]}` once every child voted.
 * @typedef {object} Awaiting
 * @property {string[]} [tell]
 * @property {string[]} [play_card]
 * @property {string[]} [restate]        a disputed association waits for the storyteller
 * @property {string[]} [vote]
 * @property {string[]} [reveal]
 */

/**
 * @typedef {object} GameBoard
 * @property {string} id
 * @property {string} title
 * @property {number} length              cells per lap
 * @property {number} first_number        the printed start
 * @property {Object<string, string>} special   cell number -> condition
 * @property {boolean} storyteller_on_board   the storyteller has an elephant on the board, so its special cells
 *                                        can set conditions (kids: only with one child)
 */

/**
 * @typedef {object} SeatView
 * @property {string} seat
 * @property {boolean} active
 * @property {number} hand_count
 * @property {boolean} has_played
 * @property {boolean} has_voted
 * @property {boolean} is_storyteller
 */

/**
 * @typedef {object} Elephant
 * @property {string} id                  a seat; duel: `elephant`, `mammoth`
 * @property {string[]} seats
 * @property {number} distance            the score in cells
 * @property {number} cell                as printed (RULES.md D12 on Dixit's track)
 * @property {number} lap
 */

/**
 * @typedef {object} TablePlan
 * @property {number} cards_each
 * @property {number} players
 * @property {number} extra
 * @property {'bot' | 'deck' | 'mammoth' | null} extra_owner
 */

/**
 * The last scored round (server/engine/results.py `RoundResult`).
 * @typedef {object} RoundResult
 * @property {Array<{number: number, card: string, owner: string, votes: string[]}>} table
 * @property {string | null} storyteller
 * @property {number | null} storyteller_card   null in duel
 * @property {number} target_card
 * @property {Object<string, number>} points    per elephant id
 * @property {Object<string, Array<{reason: string, points: number}>>} breakdown
 * @property {'all' | 'none' | 'some'} outcome
 */

/**
 * What only this phone's seat sees (server/engine/views.py `seat_view`).
 * @typedef {object} Me
 * @property {string} seat
 * @property {boolean} active
 * @property {string[]} hand              empty in duel while telling
 * @property {string[]} played
 * @property {number | null} vote
 * @property {boolean} is_storyteller
 * @property {string[]} can               the action types this seat may send now
 */

export {};

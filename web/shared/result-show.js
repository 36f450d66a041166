// The result's show on the TV (web/tv/screens/scored.js and scored.css draw it), in the one place its pace is
// kept: the TV times its steps by it, and a phone that watched the vote holds its own result for as long
// (web/phone/result-hold.js), so no phone gives the outcome away before the TV's cards have turned.

// Each card turns STEP after the one before, in TURN; the points count up in ROLL (scored.css `roll`).
const STEP = 0.35;
const TURN = 0.7;
const ROLL = 1.2;

/**
 * When each part of the reveal of `n` cards starts, in seconds from the result's arrival: `mark` the
 * storyteller's card is ringed, `votes` the votes arrive card by card, `points` the points count up, `end`
 * they have counted (the headline comes, the phones show their result), `walk` the elephants walk.
 * @param {number} n the result's cards on the table
 * @returns {{mark: number, votes: number, points: number, end: number, walk: number}}
 */
export function showTimes(n) {
  const mark = n * STEP + TURN - 0.2;
  const votes = mark + 0.7;
  const points = votes + n * STEP + 0.3;
  return { mark, votes, points, end: points + ROLL, walk: points + 1.4 };
}

/** The seconds until the last card of `n` has turned (then the row lies flat: table-cards.js settle). */
export function turnedBy(n) {
  return (n - 1) * STEP + TURN;
}

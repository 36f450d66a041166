// One WebSocket to the server, reconnecting forever with capped exponential back-off, and at once when the
// page becomes visible again or the network comes back (phones sleep; Wi-Fi drops).

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8000;
const PONG_WAIT_MS = 4000;
const CHECK_MS = 20000;   // a listening page pings this often (see the end of connect)

/**
 * Opens the connection. options:
 *   room: room code; role: "tv" | "phone";
 *   token(): the seat token to resume (or null); lang(): language code for the server's error messages;
 *   onMessage(msg): every server message (welcome, state, error, pong);
 *   onStatus(status): "connecting" | "online" | "offline".
 * Returns { send(type, fields) → bool, reconnect(), stateId() }. Actions carry the last seen state_id.
 */
export function connect({ room, role, token, lang, onMessage, onStatus }) {
  let ws = null;
  let attempt = 0;
  let retryTimer = null;
  let pongTimer = null;
  let lastStateId = null;

  function open() {
    clearTimeout(retryTimer);
    retryTimer = null;
    onStatus('connecting');
    const proto = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const sock = new WebSocket(`${proto}${location.host}/ws`);
    ws = sock;
    sock.onopen = () => {
      sock.send(JSON.stringify({ type: 'hello', room, role, token: token(), lang: lang() }));
    };
    sock.onmessage = (ev) => {
      if (sock !== ws) return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === 'welcome') { attempt = 0; onStatus('online'); }
      if (msg.type === 'state') lastStateId = msg.state_id;
      if (msg.type === 'pong') { clearTimeout(pongTimer); pongTimer = null; }
      onMessage(msg);
    };
    sock.onclose = () => {
      if (sock !== ws) return;  // a socket we already gave up on
      ws = null;
      onStatus('offline');
      schedule();
    };
  }

  function schedule() {
    if (retryTimer) return;
    // Capped exponential back-off with jitter, so a room of phones does not reconnect in lockstep.
    const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt) * (0.6 + 0.4 * Math.random());
    attempt = Math.min(attempt + 1, 10);
    retryTimer = setTimeout(open, delay);
  }

  /** Drops a socket that may be half-open (phone woke up) and opens a fresh one now. */
  function restart() {
    const old = ws;
    ws = null;
    if (old) { old.onclose = null; old.onmessage = null; try { old.close(); } catch { /* already closed */ } }
    attempt = 0;
    open();
  }

  /** Checks an open socket with a ping (restarting it if no pong comes); reconnects a closed one now. */
  function reconnect() {
    if (ws && ws.readyState === WebSocket.OPEN) {
      probe();
    } else if (!ws || ws.readyState !== WebSocket.CONNECTING) {
      restart();
    }
  }

  /** A ping on the open socket; no pong within PONG_WAIT_MS restarts it. */
  function probe() {
    if (pongTimer) return;
    ws.send(JSON.stringify({ type: 'ping' }));
    pongTimer = setTimeout(() => { pongTimer = null; restart(); }, PONG_WAIT_MS);
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') reconnect();
  });
  window.addEventListener('online', reconnect);
  // A page that only listens (the TV; a phone waiting for its turn) would show an old screen for good on a
  // socket a Wi-Fi drop left half-open: a ping now and then finds it (no pong: a new socket).
  setInterval(reconnect, CHECK_MS);
  open();

  return {
    send(type, fields = {}) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify({ type, ...fields, state_id: lastStateId }));
      // A Wi-Fi dead zone leaves the socket open but silent: the browser would say nothing for minutes and the
      // tap would be lost. A ping behind every action finds that out, and the restart shows it.
      probe();
      return true;
    },
    reconnect,
    restart,
    stateId: () => lastStateId,
  };
}

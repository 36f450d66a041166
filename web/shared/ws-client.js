// One WebSocket to the server, reconnecting forever with capped back-off, and at once when the page shows
// again or the network returns (phones sleep; Wi-Fi drops).

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8000;
const PONG_WAIT_MS = 4000;
const CHECK_MS = 20000;

/**
 * Opens the connection: room code, role "tv" | "phone", token() the seat to resume (or null), lang() for the
 * server's messages, onMessage(msg), onStatus("connecting" | "online" | "offline"). Returns
 * { send(type, fields) → bool (actions carry the last state_id), reconnect(), restart(), stateId() }.
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
      if (sock !== ws) return;  // one we gave up on
      ws = null;
      onStatus('offline');
      schedule();
    };
  }

  function schedule() {
    if (retryTimer) return;
    // Jitter, so a room of phones does not reconnect in lockstep.
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

  /** Pings an open socket (see probe); reconnects a closed one now. */
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
  // A page that only listens (the TV) keeps a half-open socket for good: a ping now and then finds it.
  setInterval(reconnect, CHECK_MS);
  open();

  return {
    send(type, fields = {}) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify({ type, ...fields, state_id: lastStateId }));
      // A Wi-Fi dead zone leaves the socket open but silent for minutes: a ping behind every action finds it.
      probe();
      return true;
    },
    reconnect,
    restart,
    stateId: () => lastStateId,
  };
}

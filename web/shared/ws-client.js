// One WebSocket, reconnecting forever with capped back-off, at once when the page shows or the network returns.

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8000;
const PONG_WAIT_MS = 4000;
const CHECK_MS = 20000;

/**
 * connect(options) → {send(type, fields) → bool, hello(), reconnect(), restart(), stateId()}. "online" (and send)
 * once a `state` came on the socket: no old socket's state_id.
 * @param {import('./protocol.js').Connect} options
 */
export function connect({ room, role, token, lang, onMessage, onStatus }) {
  let ws = null;
  let attempt = 0;
  let retryTimer = null;
  let pongTimer = null;
  let lastStateId = null;
  let synced = false;
  let restarting = false;   // the server said it is restarting (close 1001): say so until it is back
  const hello = (sock) => sock.send(JSON.stringify({ type: 'hello', room, role, token: token(), lang: lang() }));

  function open() {
    clearTimeout(retryTimer);
    retryTimer = null;
    synced = false;
    onStatus(restarting ? 'restarting' : 'connecting');
    const proto = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const sock = new WebSocket(`${proto}${location.host}/ws`);
    ws = sock;
    sock.onopen = () => hello(sock);
    sock.onmessage = (ev) => {
      if (sock !== ws) return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === 'welcome') attempt = 0;
      if (msg.type === 'state') {
        lastStateId = msg.state_id;
        if (!synced) { synced = true; restarting = false; onStatus('online'); }
      }
      if (msg.type === 'pong') { clearTimeout(pongTimer); pongTimer = null; }
      onMessage(msg);
    };
    sock.onclose = (ev) => {
      if (sock !== ws) return;  // one we gave up on
      ws = null;
      // GOING_AWAY with this reason: the server is stopping and will be back (server/net/ws.py close_sockets);
      // try again soon rather than after a long back-off.
      if (ev && ev.code === 1001 && ev.reason === 'server restarting') { restarting = true; attempt = 0; }
      onStatus(restarting ? 'restarting' : 'offline');
      schedule();
    };
  }

  function schedule() {
    if (retryTimer) return;
    // jitter: a room of phones does not reconnect in lockstep
    const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt) * (0.6 + 0.4 * Math.random());
    attempt = Math.min(attempt + 1, 10);
    retryTimer = setTimeout(open, delay);
  }

  /** Drops a socket that may be half-open (a phone woke up); opens one now. */
  function restart() {
    const old = ws;
    ws = null;
    if (old) { old.onclose = null; old.onmessage = null; try { old.close(); } catch { /* already closed */ } }
    attempt = 0;
    open();
  }

  /** Probes an open socket; reconnects a closed one now. */
  function reconnect() {
    if (ws && ws.readyState === WebSocket.OPEN) {
      probe();
    } else if (!ws || ws.readyState !== WebSocket.CONNECTING) {
      restart();
    }
  }

  /** A ping; no pong within PONG_WAIT_MS restarts the socket. */
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
      if (!ws || ws.readyState !== WebSocket.OPEN || !synced) return false;
      ws.send(JSON.stringify({ type, ...fields, state_id: lastStateId }));
      // A Wi-Fi dead zone leaves the socket open and silent: a ping behind every action finds it.
      probe();
      return true;
    },
    // The same hello again changes only the language (docs/protocol.md).
    hello() { if (ws && ws.readyState === WebSocket.OPEN) hello(ws); },
    reconnect,
    restart,
    stateId: () => lastStateId,
  };
}

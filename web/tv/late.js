// The screens a TV needs only later (the game's end and the evening's story, some 3 KB on the wire): off its first
// load, fetched while the first round is played. A `<script type="module">` added to the page, as the pages'
// ES2019 has no import(): the module runs and hands its screen to provide(). Its imports are the versioned
// names the TV already loaded (server/net/webfiles.py rewrites them in every file), so it shares their modules.
const URLS = { game_over: lateModule('/static/tv/screens/game-over.js') };
const ready = {};     // key → the screen ({title, create}) its module provided
const waiting = {};   // key → what to call when it arrives (the latest asker's), present while its script is on its way

/** `url` as it is: server/net/webfiles.py rewrites the argument to the file's versioned URL, as it does an import's. */
function lateModule(url) {
  return url;
}

/**
 * Screen `key` once its module has run, else null: its script is asked for then (once), and `then()` is called
 * when the screen arrives (only the latest asker's: each state frame meanwhile asks again, and one redraw
 * shows the latest). A script that fails to load is asked for again on the next call.
 */
export function late(key, then) {
  if (ready[key]) return ready[key];
  if (!(key in waiting)) {
    waiting[key] = null;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = URLS[key];
    script.onerror = () => { delete waiting[key]; script.remove(); };
    document.head.append(script);
  }
  if (then) waiting[key] = then;
  return null;
}

/** A late screen's module hands over its screen `screen` ({title, create}) for `key` when it runs. */
export function provide(key, screen) {
  ready[key] = screen;
  const then = waiting[key];
  delete waiting[key];
  if (then) then();
}

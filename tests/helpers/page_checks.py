"""JavaScript checks of what a page shows, shared by the Playwright tests and the old browsers' (ES2015: Chromium 69
runs them too)."""

# Words of those names split across two lines ("Прадедушк-а"): each word's text must lie on one line.
SPLIT_WORDS_JS = """() => {
  const split = [];
  for (const el of document.querySelectorAll('.tv-main .owner-plate, .tv-main .points-name, .standing-name')) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const re = /\\S+/g;
      for (let m = re.exec(n.textContent); m; m = re.exec(n.textContent)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) split.push(m[0]);
      }
    }
  }
  return split;
}"""

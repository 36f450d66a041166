// Reads [{path, source, served}] as JSON on stdin; prints the paths whose served text is not the same program
// as the source: JS by espree's token stream (the parser eslint checks web/ with, at ES2019 modules), CSS
// by postcss's tree with whitespace and comments set aside. Used by tests/web/test_minified.py.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/node_modules/`);
const espree = require('espree');
const postcss = require('postcss');

const tokens = (code) => espree.tokenize(code, { ecmaVersion: 2019, sourceType: 'module' })
  .map((t) => `${t.type} ${t.value}`);
const squeeze = (s) => (s || '').replace(/\s+/g, ' ').replace(/\s*([,>+~(){}:;])\s*/g, '$1').trim();
const tree = (code) => {
  const out = [];
  postcss.parse(code).walk((n) => {
    if (n.type !== 'comment') out.push([n.type, squeeze(n.selector), n.prop, squeeze(n.value), n.name, squeeze(n.params), Boolean(n.important)].join('|'));
  });
  return out;
};

const differ = [];
for (const { path, source, served } of JSON.parse(readFileSync(0, 'utf8'))) {
  const see = path.endsWith('.js') ? tokens : tree;
  const a = see(source);
  const b = see(served);
  const i = a.findIndex((x, k) => x !== b[k]);
  if (a.length !== b.length || i >= 0) differ.push(`${path}: ${a[i]} became ${b[i]}`);
}
process.stdout.write(JSON.stringify(differ));

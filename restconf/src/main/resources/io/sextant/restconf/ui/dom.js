// Small DOM helpers: elements are built with textContent only (nothing the controller sends is
// parsed as HTML).

/** An element with attributes (on* keys become listeners) and children (strings become text). */
export function h(tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (key.startsWith('on')) {
      element.addEventListener(key.substring(2), value);
    } else if (value === true) {
      element.setAttribute(key, '');
    } else {
      element.setAttribute(key, value);
    }
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null && child !== false) {
      element.append(child instanceof Node ? child : String(child));
    }
  }
  return element;
}

/** A polite status line for screen readers and everyone else. */
export function status(text) {
  document.getElementById('status').textContent = text;
}

/** A badge whose class colours it and whose text says the same without colour. */
export function badge(value) {
  return value ? h('span', { class: 'badge ' + value }, value) : h('span', { class: 'muted' }, '—');
}

/** JSON as indented text; strings holding JSON (the RPCs' data leaves) are parsed first. */
export function pretty(value) {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch (e) {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

/**
 * One node's diff (the node-result of calculate-diff) as a list: created "+", changed "~",
 * deleted "-", each coloured and marked with its symbol and word, so it reads without colour.
 * {@code sides} names the two sides of a change, {@code same} says there is no difference.
 */
export function diffList(result, sides = ['actual (device)', 'intended'],
    same = 'No differences: intended equals actual.') {
  const items = [];
  for (const entry of result['created-data'] || []) {
    items.push(h('li', { class: 'created' }, h('span', { class: 'sym', 'aria-hidden': 'true' }, '+'),
      h('strong', {}, 'created '), h('code', {}, entry.path), h('pre', {}, pretty(entry.data))));
  }
  for (const entry of result['updated-data'] || []) {
    items.push(h('li', { class: 'changed' }, h('span', { class: 'sym', 'aria-hidden': 'true' }, '~'),
      h('strong', {}, 'changed '), h('code', {}, entry.path),
      h('div', { class: 'columns' },
        h('div', {}, h('div', { class: 'muted' }, sides[0]), h('pre', {}, pretty(entry['data-actual']))),
        h('div', {}, h('div', { class: 'muted' }, sides[1]), h('pre', {}, pretty(entry['data-intended']))))));
  }
  for (const entry of result['deleted-data'] || []) {
    items.push(h('li', { class: 'deleted' }, h('span', { class: 'sym', 'aria-hidden': 'true' }, '-'),
      h('strong', {}, 'deleted '), h('code', {}, entry.path), h('pre', {}, pretty(entry.data))));
  }
  if (!items.length) {
    return h('p', { class: 'muted' }, same);
  }
  return h('ul', { class: 'diff', 'aria-label': 'Differences of node ' + result['node-id'] }, items);
}

/** The node-result list of an RPC's output. */
export function nodeResults(output) {
  const results = output && output['node-results'];
  return (results && results['node-result']) || [];
}

/** A table of per-node results: node, status, error. */
export function resultTable(output, caption) {
  return h('table', { class: 'results' }, h('caption', {}, caption),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Node'), h('th', { scope: 'col' }, 'Status'),
      h('th', { scope: 'col' }, 'Error'))),
    h('tbody', {}, nodeResults(output).map((r) => h('tr', { 'data-node': r['node-id'] },
      h('td', {}, r['node-id']), h('td', {}, badge(r.status)),
      h('td', {}, [r['error-type'], r['error-message']].filter(Boolean).join(': '))))));
}

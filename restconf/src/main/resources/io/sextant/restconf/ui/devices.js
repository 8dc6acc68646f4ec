// Devices: every mounted node with its protocol, connection status, sync status and last error.
// Three GETs (the NETCONF, CLI and UniConfig topologies, only the leaves shown, by RFC 8040
// "fields"); rows are filtered in memory and rendered a page at a time, so thousands of nodes
// stay fast. Kept live by the sextant-node-status event stream (statuses as they change, and a
// full read every 30 s for errors and sync times); polled every 5 s when the stream is refused.
import { api, ApiError, TOPOLOGY, member, follow } from '/ui/rest.js';
import { h, badge, status } from '/ui/dom.js';

const PAGE = 200;
// one collator for every comparison: localeCompare with options builds one per call
const BY_ID = new Intl.Collator(undefined, { numeric: true });
const POLL_MS = 5000;
const LIVE_POLL_MS = 30000;

async function readNodes(topology, fields) {
  const base = TOPOLOGY + topology + '?content=nonconfig';
  let body;
  try {
    body = await api('GET', base + '&fields=' + encodeURIComponent('node(' + fields.join(';') + ')'));
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      return [];
    }
    if (e instanceof ApiError && e.status === 400) {
      body = await api('GET', base);
    } else {
      throw e;
    }
  }
  const topologies = member(body, 'topology') || [];
  return (topologies[0] && topologies[0].node) || [];
}

/** All nodes, merged by node id, sorted. */
export async function loadDevices() {
  const [netconf, cli, uniconfig] = await Promise.all([
    readNodes('topology-netconf', ['node-id', 'netconf-node-topology:connection-status',
      'netconf-node-topology:connected-message']),
    readNodes('topology-cli', ['node-id', 'cli-topology:connection-status', 'cli-topology:connected-message']),
    readNodes('uniconfig', ['node-id', 'uniconfig-topology:node-status', 'uniconfig-topology:sync-error',
      'uniconfig-topology:last-sync']),
  ]);
  const byId = new Map();
  const mount = (node, protocol) => byId.set(node['node-id'], {
    id: node['node-id'], protocol,
    connection: member(node, 'connection-status') || '',
    error: member(node, 'connected-message') || '',
    sync: '', syncError: '', lastSync: '',
  });
  netconf.forEach((n) => mount(n, 'netconf'));
  cli.forEach((n) => mount(n, 'cli'));
  for (const node of uniconfig) {
    const row = byId.get(node['node-id']) || { id: node['node-id'], protocol: '', connection: '', error: '' };
    row.sync = member(node, 'node-status') || '';
    row.syncError = member(node, 'sync-error') || '';
    row.lastSync = member(node, 'last-sync') || '';
    byId.set(row.id, row);
  }
  return [...byId.values()].sort((a, b) => BY_ID.compare(a.id, b.id));
}

function matches(row, text, state) {
  if (state && row.connection !== state && row.sync !== state) {
    return false;
  }
  if (!text) {
    return true;
  }
  return row.id.toLowerCase().includes(text) || row.error.toLowerCase().includes(text)
    || row.syncError.toLowerCase().includes(text) || row.protocol === text;
}

function rowOf(row) {
  return h('tr', { 'data-node': row.id },
    h('td', {}, h('a', { href: '#/node/' + encodeURIComponent(row.id) }, row.id)),
    h('td', {}, row.protocol || '—'),
    h('td', { class: 'connection' }, badge(row.connection)),
    h('td', { class: 'sync' }, badge(row.sync)),
    h('td', {}, row.lastSync || '—'),
    h('td', { class: 'error' }, [row.error, row.syncError].filter(Boolean).join('; ')));
}

export async function devicesPage(match, page) {
  const filter = h('input', { id: 'filter', type: 'search', placeholder: 'node id, error or protocol' });
  const state = h('select', { id: 'state' }, h('option', { value: '' }, 'any'),
    ['connected', 'connecting', 'unable-to-connect', 'synced', 'changed', 'out-of-sync', 'sync-failed']
      .map((s) => h('option', { value: s }, s)));
  const body = h('tbody', { id: 'devices' });
  const summary = h('p', { id: 'summary', class: 'muted', 'aria-live': 'polite' });
  const more = h('button', { type: 'button', class: 'secondary', id: 'more', hidden: true }, 'Show more');
  const live = h('span', { id: 'live', class: 'muted' }, 'Polling every 5 s');
  page.append(h('h2', {}, 'Devices'),
    h('div', { class: 'toolbar', role: 'search' },
      h('label', { for: 'filter' }, 'Filter', filter),
      h('label', { for: 'state' }, 'Status', state),
      h('button', { type: 'button', class: 'secondary', id: 'refresh', onclick: () => refresh() }, 'Refresh'),
      live),
    summary,
    h('table', {}, h('caption', { class: 'muted' }, 'Mounted nodes'),
      h('thead', {}, h('tr', {}, ['Node', 'Protocol', 'Connection', 'Sync', 'Last sync', 'Last error']
        .map((t) => h('th', { scope: 'col' }, t)))),
      body),
    more);

  let rows = [];
  let shown = 0;
  let visible = [];
  const render = (reset) => {
    if (reset) {
      const text = filter.value.trim().toLowerCase();
      visible = rows.filter((r) => matches(r, text, state.value));
      body.replaceChildren();
      shown = 0;
    }
    const fragment = document.createDocumentFragment();
    for (const row of visible.slice(shown, shown + PAGE)) {
      fragment.append(rowOf(row));
    }
    body.append(fragment);
    shown = Math.min(visible.length, shown + PAGE);
    const changed = rows.filter((r) => r.sync === 'changed').length;
    const connected = rows.filter((r) => r.connection === 'connected').length;
    summary.textContent = `${rows.length} nodes, ${connected} connected, ${changed} changed; showing ${shown} of `
      + `${visible.length} matching.`;
    more.hidden = shown >= visible.length;
  };
  const refresh = async () => {
    try {
      rows = await loadDevices();
      render(true);
      status('Devices updated ' + new Date().toLocaleTimeString());
    } catch (e) {
      status('Could not read the devices: ' + e.message);
    }
  };
  let timer = null;
  filter.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => render(true), 150);
  });
  state.addEventListener('change', () => render(true));
  more.addEventListener('click', () => render(false));
  rows = await loadDevices();
  render(true);
  filter.focus();
  let poll = setInterval(refresh, POLL_MS);
  // live: each status change updates its row; shown rows are re-rendered at most every 250 ms
  const stop = new AbortController();
  let pending = null;
  const changed = (event) => {
    const change = event['ietf-restconf:notification'] && event['ietf-restconf:notification']
      ['sextant-events:node-status-changed'];
    if (!change) {
      return;
    }
    const id = change['node-id'];
    let row = rows.find((r) => r.id === id);
    if (change.status === 'removed') {
      if (change['topology-id'] !== 'uniconfig') {
        rows = rows.filter((r) => r.id !== id);
      }
    } else {
      if (!row) {
        row = { id, protocol: '', connection: '', error: '', sync: '', syncError: '', lastSync: '' };
        rows.push(row);
      }
      if (change['topology-id'] === 'uniconfig') {
        row.sync = change.status;
      } else {
        row.connection = change.status;
        row.protocol = change['topology-id'] === 'topology-cli' ? 'cli' : 'netconf';
      }
    }
    if (!pending) {
      pending = setTimeout(() => {
        pending = null;
        const keep = shown;
        render(true);
        while (shown < Math.min(keep, visible.length)) {
          render(false);
        }
      }, 250);
    }
  };
  follow('sextant-node-status', changed, stop.signal, () => {
    clearInterval(poll);
    poll = setInterval(refresh, LIVE_POLL_MS);
    live.textContent = 'Live (event stream)';
  }).catch(() => {}).finally(() => {
    if (!stop.signal.aborted) {
      clearInterval(poll);
      poll = setInterval(refresh, POLL_MS);
      live.textContent = 'Polling every 5 s';
    }
  });
  return () => {
    stop.abort();
    clearInterval(poll);
    clearTimeout(timer);
    clearTimeout(pending);
  };
}

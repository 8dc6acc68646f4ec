// Commit: the nodes with changes (calculate-diff of every node with changes), their combined
// diff, a selection, a confirmation step, and the per-node result of uniconfig-manager:commit.
import { rpc, targets, mayInvoke } from '/ui/rest.js';
import { h, diffList, nodeResults, resultTable, status } from '/ui/dom.js';

function hasChanges(result) {
  return (result['created-data'] || []).length + (result['updated-data'] || []).length
    + (result['deleted-data'] || []).length > 0;
}

export async function commitPage(match, page) {
  page.append(h('h2', {}, 'Commit'));
  const may = await mayInvoke('uniconfig-manager:commit');
  if (!may) {
    page.append(h('p', { id: 'not-allowed', role: 'alert' },
      'You may not commit: your access rules do not let you run uniconfig-manager:commit.'));
  }
  status('Calculating the diff of every node with changes...');
  const diff = await rpc('uniconfig-manager:calculate-diff', targets([]));
  const changed = nodeResults(diff).filter(hasChanges);
  status('');
  if (!changed.length) {
    page.append(h('p', { id: 'nothing' }, 'No node has changes: intended equals actual everywhere.'));
    return null;
  }
  const boxes = new Map();
  const list = h('div', { id: 'changes' }, changed.map((result) => {
    const id = result['node-id'];
    const box = h('input', { type: 'checkbox', id: 'select-' + id, checked: true, 'data-node': id, disabled: !may });
    boxes.set(id, box);
    return h('section', { class: 'node-change', 'data-node': id },
      h('h3', {}, h('label', { for: 'select-' + id }, box, ' Node ' + id)),
      diffList(result));
  }));
  const selected = () => [...boxes.entries()].filter(([, box]) => box.checked).map(([id]) => id);
  const results = h('div', { id: 'results', 'aria-live': 'polite', tabindex: '-1' });
  const actions = h('div', { class: 'toolbar' });
  page.append(h('p', { class: 'muted' }, changed.length + ' node(s) with changes. + created, ~ changed, - deleted.'),
    actions, list, results);
  if (!may) {
    return null;
  }
  const selectAll = h('button', { type: 'button', class: 'secondary', id: 'select-all', onclick: () => {
    boxes.forEach((box) => { box.checked = true; });
  } }, 'Select all with changes');
  const commit = h('button', { type: 'button', id: 'commit' }, 'Commit selected…');
  const confirm = h('button', { type: 'button', id: 'confirm', hidden: true }, 'Confirm commit');
  const cancel = h('button', { type: 'button', class: 'secondary', id: 'cancel', hidden: true }, 'Cancel');
  const question = h('p', { id: 'question', role: 'alert', hidden: true });
  actions.append(selectAll, commit, question, confirm, cancel);
  commit.addEventListener('click', () => {
    const nodes = selected();
    if (!nodes.length) {
      question.hidden = false;
      question.textContent = 'Select at least one node.';
      return;
    }
    question.hidden = false;
    question.textContent = `Send the changes of ${nodes.length} node(s) (${nodes.join(', ')}) to the devices?`;
    confirm.hidden = false;
    cancel.hidden = false;
    commit.hidden = true;
    confirm.focus();
  });
  cancel.addEventListener('click', () => {
    question.hidden = true;
    confirm.hidden = true;
    cancel.hidden = true;
    commit.hidden = false;
    commit.focus();
  });
  confirm.addEventListener('click', async () => {
    const nodes = selected();
    confirm.disabled = true;
    cancel.disabled = true;
    status('Committing ' + nodes.join(', ') + '...');
    try {
      const output = await rpc('uniconfig-manager:commit', targets(nodes));
      results.replaceChildren(
        h('h3', { id: 'outcome', 'data-status': output['overall-status'] || '' },
          'Commit ' + (output['overall-status'] === 'complete' ? 'complete' : 'failed')),
        output['error-message'] ? h('p', { class: 'error' }, output['error-message']) : null,
        resultTable(output, 'Result per node'));
      status('Commit ' + (output['overall-status'] || 'finished'));
    } catch (e) {
      results.replaceChildren(h('p', { class: 'error', role: 'alert', id: 'outcome', 'data-status': 'refused' },
        'The controller refused the commit: ' + e.message));
      status('');
    }
    question.hidden = true;
    confirm.hidden = true;
    cancel.hidden = true;
    results.focus();
  });
  return null;
}

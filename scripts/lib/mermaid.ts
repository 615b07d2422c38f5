import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { transitionLabel } from './labels';

/**
 * A Mermaid `stateDiagram-v2` of a machine. Mermaid cannot draw a transition between states of two
 * different composite states from inside either of them, so each transition is written in the block
 * of the deepest state that contains both ends.
 */

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

/** Mermaid ids allow only word characters and must be unique over the whole diagram. */
function assignIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const ids = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  const visit = (node: AnyStateNode) => {
    const base = node.path.length === 0 ? 'machine' : node.path.join('_').replace(/\W+/g, '_');
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(node, id);
    children(node).forEach(visit);
  };
  visit(machine.root);
  return ids;
}

/** Characters that end or restructure a Mermaid statement are replaced by lookalikes that do not. */
function text(value: string): string {
  return value
    .replace(/"/g, "'")
    .replace(/[;#]/g, '')
    .replace(/:/g, '-')
    .replace(/[{}]/g, (c) => (c === '{' ? '(' : ')'));
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let current = node.parent; current; current = current.parent) chain.push(current);
  return chain;
}

/** The deepest state that strictly contains both ends: where Mermaid accepts the arrow. */
function blockOf(source: AnyStateNode, target: AnyStateNode): AnyStateNode {
  const targetAncestors = new Set(ancestors(target));
  const common = ancestors(source).find((node) => targetAncestors.has(node));
  return common ?? source.machine.root;
}

interface Arrow {
  from: AnyStateNode;
  to: AnyStateNode;
  label: string;
}

function collectArrows(machine: AnyStateMachine): Map<AnyStateNode, Arrow[]> {
  const byBlock = new Map<AnyStateNode, Arrow[]>();
  const add = (transition: AnyTransitionDefinition) => {
    const from = transition.source;
    // Transitions on the machine itself apply in every state; the table lists them instead.
    if (from.path.length === 0) return;
    const label = transitionLabel(machine, transition);
    const targets = transition.target?.length ? transition.target : [from];
    for (const to of targets) {
      const block = blockOf(from, to);
      const list = byBlock.get(block) ?? [];
      list.push({ from, to, label });
      byBlock.set(block, list);
    }
  };
  const visit = (node: AnyStateNode) => {
    (node.always ?? []).forEach(add);
    for (const transitions of node.transitions.values()) transitions.forEach(add);
    children(node).forEach(visit);
  };
  visit(machine.root);
  return byBlock;
}

function declare(node: AnyStateNode, ids: Map<AnyStateNode, string>): string {
  const name = node.type === 'history' ? `${node.key} (${node.history === 'deep' ? 'deep ' : ''}history)` : node.key;
  return `state "${text(name)}" as ${ids.get(node) ?? ''}`;
}

export function mermaidDiagram(machine: AnyStateMachine): string {
  const ids = assignIds(machine);
  const arrows = collectArrows(machine);
  const lines = ['stateDiagram-v2'];
  const id = (node: AnyStateNode) => ids.get(node) ?? '';

  const body = (node: AnyStateNode, indent: string) => {
    const kids = children(node);
    if (node.type === 'parallel') {
      kids.forEach((kid, index) => {
        if (index > 0) lines.push(`${indent}--`);
        render(kid, indent);
      });
    } else {
      const initial = node.initial?.target[0];
      if (initial) lines.push(`${indent}[*] --> ${id(initial)}`);
      kids.forEach((kid) => render(kid, indent));
      kids.filter((kid) => kid.type === 'final').forEach((kid) => lines.push(`${indent}${id(kid)} --> [*]`));
    }
    for (const arrow of arrows.get(node) ?? []) {
      lines.push(`${indent}${id(arrow.from)} --> ${id(arrow.to)} : ${text(arrow.label)}`);
    }
  };

  const render = (node: AnyStateNode, indent: string) => {
    if (children(node).length === 0) {
      lines.push(`${indent}${declare(node, ids)}`);
      return;
    }
    lines.push(`${indent}${declare(node, ids)} {`);
    body(node, `${indent}  `);
    lines.push(`${indent}}`);
  };

  // Mermaid only separates concurrent regions inside a composite state, so a parallel machine gets a box.
  if (machine.root.type === 'parallel') render(machine.root, '  ');
  else body(machine.root, '  ');
  return lines.join('\n');
}

/**
 * `local/layering`: which folder may import which, after VS Code's `code-layering` rule. The map itself is in
 * ./layers.js; this module only reads it. A file belongs to the layer with the longest matching path prefix;
 * an import is allowed when its target is in the same layer, or under a prefix the file's layer lists, and is
 * not private to another layer. Paths are repository-relative with forward slashes.
 */
import path from 'node:path';

/** `prefix` names `rel` itself (with any extension) or a folder holding it. */
function under(rel, prefix) {
  if (rel === prefix || rel.startsWith(`${prefix}/`)) return true;
  return rel.startsWith(`${prefix}.`) && !rel.slice(prefix.length + 1).includes('/');
}

function longestPrefix(rel, prefixes) {
  let best = null;
  for (const p of prefixes) if (under(rel, p) && (best === null || p.length > best.length)) best = p;
  return best;
}

/** Every import of a module: declarations, re-exports and `import('…')` with a literal. */
function importsOf(node) {
  if (node.type === 'ImportExpression') return node.source.type === 'Literal' ? node.source : null;
  return node.source ?? null;
}

/** The names an import or re-export takes from its module (`*` for a namespace or `export *`). */
function importedNames(node) {
  if (node.type === 'ExportAllDeclaration' || node.type === 'ImportExpression') return ['*'];
  return (node.specifiers ?? []).map((s) => {
    if (s.type === 'ImportSpecifier') return s.imported.name ?? s.imported.value;
    if (s.type === 'ExportSpecifier') return s.local.name ?? s.local.value;
    return '*';
  });
}

/** Erased at compile time: `import type`, `export type … from`. (`import { type A }` keeps a runtime import under verbatimModuleSyntax.) */
function typeOnly(node) {
  return node.importKind === 'type' || node.exportKind === 'type';
}

function repoPath(cwd, absolute) {
  return path.relative(cwd, absolute).split(path.sep).join('/');
}

/** The repository path a relative specifier names (query such as `?nodeWorker` dropped); null for a package. */
function targetOf(context, spec) {
  if (!spec.startsWith('.')) return null;
  return repoPath(context.cwd, path.resolve(path.dirname(context.filename), spec.replace(/\?.*$/, '')));
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Each folder imports only the folders its layer allows (eslint-rules/layers.js).' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      upward:
        '{{layer}} may not import {{target}} (layer {{targetLayer}}). {{layer}} may import: {{allowed}}. The map is in eslint-rules/layers.js.',
      private: '{{target}} is private to {{owner}}; go through its public modules (its port) instead.',
      door: '{{target}} is private to {{owner}}: import it from {{door}}, the only module of {{owner}} that code outside it may use.',
      typesOnly:
        '{{layer}} may import only types from {{target}}: write `import type`. Runtime code that both sides use belongs in src-shared/.',
      selfContained: '{{layer}} imports nothing outside itself (no packages, no Node built-ins): both the renderer and main run it.',
      port: 'In {{layer}} only {{port}} imports {{target}}; the rest of {{layer}} goes through that port.',
      unmapped: '{{path}} is in no layer of eslint-rules/layers.js: add its folder to the map with the folders it may import.',
    },
  },
  create(context) {
    const { roots = [], layers = {}, privateFolders = {}, doors = {}, ports = {}, typeOnlyFrom = {}, selfContained = [], allowances = [] } =
      context.options[0] ?? {};
    const file = repoPath(context.cwd, context.filename);
    if (!roots.some((r) => under(file, r))) return {};
    const layerNames = Object.keys(layers);
    const layer = longestPrefix(file, layerNames);
    const allowedHere = layer ? layers[layer] : [];
    const allowancesHere = allowances.filter((a) => under(file, a.from)).flatMap((a) => a.to);

    function check(node) {
      if (!layer) return;
      const source = importsOf(node);
      if (!source || typeof source.value !== 'string') return;
      const target = targetOf(context, source.value);
      if (target === null) {
        if (selfContained.includes(layer)) context.report({ node: source, messageId: 'selfContained', data: { layer } });
        return;
      }
      if (!roots.some((r) => under(target, r))) return;
      const targetLayer = longestPrefix(target, layerNames);
      if (!targetLayer) {
        context.report({ node: source, messageId: 'unmapped', data: { path: target } });
        return;
      }
      if (allowancesHere.some((p) => under(target, p))) return;
      const owner = longestPrefix(target, Object.keys(privateFolders));
      if (owner && !under(file, privateFolders[owner])) {
        context.report({ node: source, messageId: 'private', data: { target, owner: privateFolders[owner] } });
        return;
      }
      // A door is named only to a layer that may come in at all; one that may not hears that it is an upward import.
      const mayEnter = targetLayer === layer || [...allowedHere, ...(typeOnlyFrom[layer] ?? [])].some((p) => under(target, p));
      const doorOwner = Object.keys(doors).find((folder) => under(target, folder) && !under(file, folder));
      if (mayEnter && doorOwner && target !== doorOwner && target !== doors[doorOwner]) {
        context.report({ node: source, messageId: 'door', data: { target, owner: doorOwner, door: `${doors[doorOwner]}.ts` } });
        return;
      }
      const port = ports[layer];
      const intoDoor = Object.keys(doors).some((folder) => under(target, folder));
      const guarded = port && file !== port.port && intoDoor ? importedNames(node).find((n) => n === '*' || port.guardedNames.includes(n)) : undefined;
      if (guarded) {
        context.report({ node: source, messageId: 'port', data: { layer, port: port.port, target: `${guarded} (${target})` } });
        return;
      }
      if (targetLayer === layer || allowedHere.some((p) => under(target, p))) return;
      const typeSources = typeOnlyFrom[layer] ?? [];
      if (typeSources.some((p) => under(target, p))) {
        if (!typeOnly(node)) context.report({ node: source, messageId: 'typesOnly', data: { layer, target } });
        return;
      }
      context.report({
        node: source,
        messageId: 'upward',
        data: { layer, target, targetLayer, allowed: allowedHere.length > 0 ? allowedHere.join(', ') : 'nothing outside itself' },
      });
    }

    return {
      Program(node) {
        if (!layer) context.report({ node, loc: { line: 1, column: 0 }, messageId: 'unmapped', data: { path: file } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * `local/layering-unused-allowance`: a temporary allowance whose file no longer imports what it allows is
 * reported, so the list in layers.js shrinks as the code is fixed instead of silently widening the map.
 */
/** @type {import('eslint').Rule.RuleModule} */
export const unusedAllowance = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Temporary layering allowances are deleted once their import is gone.' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: { unused: 'The temporary layering allowance {{from}} → {{to}} is no longer used: delete it from eslint-rules/layers.js.' },
  },
  create(context) {
    const { allowances = [] } = context.options[0] ?? {};
    const file = repoPath(context.cwd, context.filename);
    const mine = allowances.filter((a) => a.from === file);
    if (mine.length === 0) return {};
    const targets = [];
    const collect = (node) => {
      const source = importsOf(node);
      const target = source && typeof source.value === 'string' ? targetOf(context, source.value) : null;
      if (target !== null) targets.push(target);
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'(node) {
        for (const a of mine) {
          if (!targets.some((t) => a.to.some((p) => under(t, p)))) {
            context.report({ node, loc: { line: 1, column: 0 }, messageId: 'unused', data: { from: a.from, to: a.to.join(' | ') } });
          }
        }
      },
    };
  },
};

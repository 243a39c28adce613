import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * The doc comments of the schema modules, read from their source: the meaning of each schema
 * (`GameSnapshot`), of each field (`GameSnapshot.seq`, `RoomState.race.startsAt`) and of each
 * enum value (`ErrorCode.stale`). The schemas carry their meanings as doc comments rather than
 * `.describe()`, so the guide reads them where they are written and never drifts from them.
 */
export interface SchemaComments {
  /** The comment on a schema (`path` empty) or on one of its fields, nested fields or enum values. */
  lookup(schema: string, path: readonly string[]): string | undefined;
}

function docComment(node: ts.Node, text: string): string | undefined {
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const docs = ranges.map((r) => text.slice(r.pos, r.end)).filter((c) => c.startsWith('/**'));
  const last = docs.at(-1);
  if (last === undefined) return undefined;
  return last
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .join(' ')
    .trim();
}

/** The identifier a chain such as `RaceStanding.extend({…}).strict()` starts from, if any. */
function rootName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isCallExpression(node)) return rootName(node.expression);
  if (ts.isPropertyAccessExpression(node)) return rootName(node.expression);
  return undefined;
}

export function readSchemaComments(files: readonly string[]): SchemaComments {
  const comments = new Map<string, string>();
  /** `X = Y.extend(…)` or `Y.pick(…)`: a field of X not commented in X is Y's. */
  const bases = new Map<string, string>();
  /**
   * `{ a, ...fields }`, by the object's place (`X` or `X.parent`): a field that came with the
   * spread shape `fields` (an exported object of fields) means what it says there.
   */
  const spreads = new Map<string, string[]>();
  const key = (schema: string, path: readonly string[]) => [schema, ...path].join('.');

  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const statements = source.statements.filter(ts.isVariableStatement);
    /** This file's unexported helpers (`Expect`) whose comment says what every field built on them means. */
    const helpers = new Map<string, string>();
    for (const statement of statements) {
      const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
      const doc = docComment(statement, text);
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        if (!exported) {
          if (doc) helpers.set(declaration.name.text, doc);
          continue;
        }
        const name = declaration.name.text;
        if (doc) comments.set(name, doc);
        const root = rootName(declaration.initializer);
        if (root && root !== 'z' && root !== name) bases.set(name, root);
        const visit = (node: ts.Node, path: readonly string[]): void => {
          if (ts.isObjectLiteralExpression(node)) {
            for (const property of node.properties) {
              if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) {
                const place = key(name, path);
                spreads.set(place, [...(spreads.get(place) ?? []), property.expression.text]);
                continue;
              }
              if (!property.name || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) continue;
              const field = [...path, property.name.text];
              const own = docComment(property, text);
              const value = ts.isPropertyAssignment(property)
                ? property.initializer
                : ts.isShorthandPropertyAssignment(property)
                  ? property.name
                  : undefined;
              const helper = value ? rootName(value) : undefined;
              const meaning = own ?? (helper ? helpers.get(helper) : undefined);
              if (meaning) comments.set(key(name, field), meaning);
              if (ts.isPropertyAssignment(property)) visit(property.initializer, field);
            }
            return;
          }
          if (ts.isStringLiteral(node)) {
            const own = docComment(node, text);
            if (own) comments.set(key(name, [...path, node.text]), own);
            return;
          }
          ts.forEachChild(node, (child) => visit(child, path));
        };
        visit(declaration.initializer, []);
      }
    }
  }

  const lookup = (schema: string, path: readonly string[]): string | undefined => {
    const own = comments.get(key(schema, path));
    if (own !== undefined || path.length === 0) return own;
    for (const spread of spreads.get(key(schema, path.slice(0, -1))) ?? []) {
      const spreadMeaning = lookup(spread, path.slice(-1));
      if (spreadMeaning !== undefined) return spreadMeaning;
    }
    const base = bases.get(schema);
    return base === undefined ? undefined : lookup(base, path);
  };
  return { lookup };
}

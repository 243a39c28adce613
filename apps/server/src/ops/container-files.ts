/**
 * Just enough of the Dockerfile and docker-compose.yml syntax to read our own two files, for the
 * test that holds them to what the server really does (no Docker engine runs where we test).
 * Anything outside the subset is an error, never a silent misreading.
 */

export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

export interface Stage {
  readonly from: string;
  readonly name: string | undefined;
  readonly instructions: readonly Instruction[];
}

/** The stages of a Dockerfile, continuation lines joined, comments and parser directives dropped. */
export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // Docker drops comment and empty lines, inside a continued instruction too.
    if (line === '' || line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(pending + line);
    pending = '';
  }
  if (pending !== '') throw new Error('Dockerfile ends inside a continued line');

  const stages: { from: string; name: string | undefined; instructions: Instruction[] }[] = [];
  for (const line of logical) {
    const match = /^([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match) throw new Error(`Not a Dockerfile instruction: ${line}`);
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`Unreadable FROM: ${args}`);
      stages.push({ from: from[1]!, name: from[2], instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${keyword} before the first FROM`);
    stage.instructions.push({ keyword, args });
  }
  return stages;
}

/** `KEY=value KEY2=value2` (ENV, ARG); values may be double-quoted. */
export function parseAssignments(args: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, key, quoted, plain] of args.matchAll(/(\w+)=(?:"((?:[^"\\]|\\.)*)"|(\S*))/g))
    out[key!] = quoted !== undefined ? (JSON.parse(`"${quoted}"`) as string) : plain!;
  return out;
}

/** The exec (JSON array) form of CMD, ENTRYPOINT, VOLUME or HEALTHCHECK's CMD. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string'))
    throw new Error(`Not an exec-form array: ${args}`);
  return parsed;
}

export type Yaml = string | Yaml[] | { [key: string]: Yaml };

interface Line {
  readonly indent: number;
  readonly text: string;
  readonly number: number;
}

/** Drops a comment: `#` at the start or after a space, outside quotes. */
function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || line[i - 1] === ' ')) return line.slice(0, i);
  }
  return line;
}

function scalar(text: string, number: number): Yaml {
  if (text.startsWith('"')) return JSON.parse(text) as string;
  if (text.startsWith("'")) {
    if (!text.endsWith("'")) throw new Error(`line ${number}: unterminated quote`);
    return text.slice(1, -1).replaceAll("''", "'");
  }
  if (text.startsWith('[')) {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list) || !list.every((v) => typeof v === 'string'))
      throw new Error(`line ${number}: only flow lists of quoted strings are read`);
    return list;
  }
  if (/^[&*!|>{@`]/.test(text)) throw new Error(`line ${number}: YAML feature outside the subset: ${text}`);
  return text;
}

/**
 * Block maps and lists of plain or quoted scalars, and flow lists of double-quoted strings: the
 * YAML a compose file is written in. Scalars stay strings (`"8080"` and `8080` read the same).
 */
export function parseYaml(text: string): Yaml {
  const lines: Line[] = [];
  text.split('\n').forEach((raw, i) => {
    const body = stripComment(raw).trimEnd();
    if (body.trim() === '') return;
    if (body.includes('\t')) throw new Error(`line ${i + 1}: tabs are not YAML indentation`);
    lines.push({ indent: body.length - body.trimStart().length, text: body.trim(), number: i + 1 });
  });
  let at = 0;

  function block(indent: number): Yaml {
    const first = lines[at]!;
    if (first.text.startsWith('- ') || first.text === '-') return list(indent);
    return map(indent);
  }

  function value(rest: string, line: Line, childIndent: number): Yaml {
    if (rest !== '') return scalar(rest, line.number);
    const next = lines[at];
    if (!next || next.indent < childIndent) return '';
    return block(next.indent);
  }

  function map(indent: number): Yaml {
    const out: { [key: string]: Yaml } = {};
    while (at < lines.length && lines[at]!.indent === indent) {
      const line = lines[at]!;
      const match = /^("[^"]*"|'[^']*'|[^:\s][^:]*?):(?:\s+(.*))?$/.exec(line.text);
      if (!match) throw new Error(`line ${line.number}: expected "key: value", got ${line.text}`);
      const key = scalar(match[1]!, line.number) as string;
      at++;
      out[key] = value(match[2] ?? '', line, indent + 1);
    }
    if (at < lines.length && lines[at]!.indent > indent)
      throw new Error(`line ${lines[at]!.number}: unexpected indentation`);
    return out;
  }

  function list(indent: number): Yaml {
    const out: Yaml[] = [];
    while (at < lines.length && lines[at]!.indent === indent && lines[at]!.text.startsWith('-')) {
      const line = lines[at]!;
      const rest = line.text.slice(1).trimStart();
      if (/^("[^"]*"|'[^']*'|[^:\s"'[][^:]*?):(\s|$)/.test(rest)) {
        // `- key: value` opens a map whose keys sit where `key` does.
        const keyIndent = indent + (line.text.length - rest.length);
        lines[at] = { indent: keyIndent, text: rest, number: line.number };
        out.push(map(keyIndent));
      } else {
        at++;
        out.push(value(rest, line, indent + 1));
      }
    }
    return out;
  }

  if (lines.length === 0) return {};
  const doc = block(lines[0]!.indent);
  if (at !== lines.length) throw new Error(`line ${lines[at]!.number}: unexpected indentation`);
  return doc;
}

/** Compose durations (`30s`, `1m30s`, `1h`, `500ms`) in milliseconds. */
export function durationMs(text: string): number {
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) throw new Error(`Not a duration: ${text}`);
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * units[unit!]!, 0);
}

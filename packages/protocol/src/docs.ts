import { readFileSync } from 'node:fs';
import type { ZodType } from 'zod';
import { type Endpoint, endpointGroups } from './docs-endpoints.ts';
import { clientFrames, type Frame, serverFrames } from './docs-frames.ts';
import { buildProtocolSchema, type JsonSchema, type ProtocolSchema } from './docs-schema.ts';
import { headingsOf, Slugger } from './docs-slugs.ts';
import { type Linker, refName, schemaBody, simpleType, table } from './docs-tables.ts';

/**
 * `docs/protocol.md`: the guide a newcomer reads top to bottom. First the flow of each feature,
 * written by hand (`docs-flow-*.md` beside this file); then, generated from the schemas, a section
 * per frame and per endpoint with a table of its fields, and each shared shape once.
 */

const FLOW_FILES = ['docs-flow-basics.md', 'docs-flow-features.md'];

interface Section {
  readonly level: number;
  readonly heading: string;
  body(link: Linker): string;
}

/** The frames the guide describes, by direction: a test checks they are every frame of the unions. */
export const documentedFrames = {
  client: clientFrames.map((frame) => frame.name),
  server: serverFrames.map((frame) => frame.name),
};

function readFlow(): string {
  return FLOW_FILES.map((file) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8').trim()).join('\n\n');
}

/** The named shapes a schema refers to, directly or through other named shapes. */
function references(defs: Record<string, JsonSchema>, start: readonly string[]): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const name = refName(node as JsonSchema);
    if (name !== undefined && !found.has(name)) {
      found.add(name);
      walk(defs[name]);
    }
    for (const child of Object.values(node)) walk(child);
  };
  for (const name of start) walk(defs[name]);
  return found;
}

class GuideBuilder {
  readonly sections: Section[] = [];
  /** Each named shape's table is written once, in the section that claims it first. */
  readonly owner = new Map<string, number>();

  private readonly schema: ProtocolSchema;

  constructor(schema: ProtocolSchema) {
    this.schema = schema;
  }

  name(schema: ZodType): string {
    const name = this.schema.nameOf(schema);
    if (name === undefined) throw new Error('a documented schema is not exported from a schema module');
    return name;
  }

  /** Claims a shape for the section about to be added; false when an earlier one holds it. */
  claim(name: string): boolean {
    if (this.owner.has(name)) return false;
    this.owner.set(name, this.sections.length);
    return true;
  }

  add(level: number, heading: string, body: (link: Linker) => string = () => ''): void {
    this.sections.push({ level, heading, body });
  }

  frame(frame: Frame): void {
    const name = this.name(frame.schema);
    this.claim(name);
    // The heading is the frame's `type`: its row would say it again.
    const { type: _, ...fields } = this.schema.defs[name]!.properties ?? {};
    const def = { ...this.schema.defs[name]!, properties: fields };
    this.add(3, `\`${frame.name}\``, (link) => `${frame.about}\n\n${schemaBody(def, link)}`);
  }

  endpoint(endpoint: Endpoint): void {
    const parts: [label: string, schema: ZodType | undefined][] = [
      ['Path', endpoint.params],
      ['Query', endpoint.query],
      ['Body', endpoint.body],
      [`Answer ${endpoint.status}`, endpoint.answer],
    ];
    const shown = parts.flatMap(([label, schema]) => {
      if (!schema) return [];
      const name = this.name(schema);
      return [{ label, name, here: this.claim(name) }];
    });
    this.add(4, `\`${endpoint.route}\``, (link) => {
      const blocks = shown.map(({ label, name, here }) =>
        here
          ? `**${label}** (\`${name}\`):\n\n${schemaBody(this.schema.defs[name]!, link)}`
          : `**${label}**: ${link(name)}, as above.`,
      );
      if (!endpoint.answer) blocks.push(`**Answer ${endpoint.status}**: \`{}\`.`);
      return [endpoint.about, ...blocks].join('\n\n');
    });
  }

  private valueMeaning(name: string) {
    return (value: string) => this.schema.comments.lookup(name, [value]);
  }

  /** Whether a shape is said in one line of the table of simple types rather than a section. */
  isSimple(name: string): boolean {
    return simpleType(this.schema.defs[name]!, () => '', this.valueMeaning(name)) !== undefined;
  }

  shape(name: string): void {
    this.claim(name);
    const def = this.schema.defs[name]!;
    this.add(3, `\`${name}\``, (link) =>
      [def.description, schemaBody(def, link, this.valueMeaning(name))].filter((part) => part).join('\n\n'),
    );
  }

  simpleShapes(names: readonly string[]): void {
    for (const name of names) this.claim(name);
    this.add(3, 'Simple types', (link) =>
      table(
        ['name', 'type', 'meaning'],
        names.map((name) => {
          const def = this.schema.defs[name]!;
          return [`\`${name}\``, simpleType(def, link) ?? '', def.description ?? ''];
        }),
      ),
    );
  }
}

export function renderProtocolGuide(schema: ProtocolSchema = buildProtocolSchema()): string {
  const guide = new GuideBuilder(schema);
  guide.add(
    2,
    'Client → server frames',
    () =>
      'Each frame is one JSON object whose `type` is the name in its heading, with the fields of its table. A key the table does not list is refused with `bad-message`.',
  );
  for (const frame of clientFrames) guide.frame(frame);
  guide.add(
    2,
    'Server → client frames',
    () =>
      "As the client's: `type` is the name in the heading. A frame that answers a request carries its `rid`, if it had one.",
  );
  for (const frame of serverFrames) guide.frame(frame);
  guide.add(
    2,
    'REST endpoints',
    () => 'Bodies and answers are JSON. Every refusal is an [`ApiError`](#apierror) (see Errors and retries).',
  );
  for (const group of endpointGroups) {
    guide.add(3, group.title);
    for (const endpoint of group.endpoints) guide.endpoint(endpoint);
  }
  // Every REST refusal is an `ApiError`, so it is named at the top of the section, not by an endpoint.
  const shapes = new Set(['ApiError', ...references(schema.defs, [...guide.owner.keys(), 'ApiError'])]);
  guide.add(
    2,
    'Shapes',
    () =>
      'The shapes the frames and endpoints above refer to, each described once: first the simple ones, in one table, then the others in alphabetical order.',
  );
  const unowned = [...shapes].filter((name) => !guide.owner.has(name)).sort();
  guide.simpleShapes(unowned.filter((name) => guide.isSimple(name)));
  for (const name of unowned.filter((name) => !guide.isSimple(name))) guide.shape(name);

  const flow = readFlow();
  const slugger = new Slugger();
  slugger.slug('Scorpion Race protocol');
  const flowHeadings = headingsOf(flow).map((h) => ({ ...h, slug: slugger.slug(h.text) }));
  const slugs = guide.sections.map((section) => slugger.slug(section.heading));
  const link: Linker = (name) => {
    const section = guide.owner.get(name);
    return section === undefined ? `\`${name}\`` : `[\`${name}\`](#${slugs[section]})`;
  };
  const contents = [
    ...flowHeadings.filter((h) => h.level === 2),
    ...guide.sections.flatMap((s, i) => (s.level === 2 ? [{ text: s.heading, slug: slugs[i] }] : [])),
  ].map((h) => `- [${h.text}](#${h.slug})`);
  const generated = guide.sections.map((section) => {
    const body = section.body(link);
    return `${'#'.repeat(section.level)} ${section.heading}${body ? `\n\n${body}` : ''}`;
  });
  const parts = [
    '<!-- Generated by `pnpm --filter @scorpion/protocol run docs`: edit the schemas, or the flows in packages/protocol/src/docs-flow-*.md, then run it. -->',
    '# Scorpion Race protocol',
    'How a client talks to the Scorpion Race server: a WebSocket for play, and JSON over HTTP for the rest. Read the flows first; the tables after them are generated from the zod schemas in `packages/protocol/src` (`pnpm --filter @scorpion/protocol run docs`, which also writes the machine-readable `docs/protocol.schema.json`), and a test fails when either file is out of date.',
    contents.join('\n'),
    flow,
    ...generated,
  ];
  return `${parts.join('\n\n')}\n`;
}

/** `docs/protocol.schema.json`: the JSON Schema of every frame and payload, shared shapes under `$defs`. */
export function renderProtocolSchema(schema: ProtocolSchema = buildProtocolSchema()): string {
  return `${JSON.stringify(schema.document, null, 2)}\n`;
}

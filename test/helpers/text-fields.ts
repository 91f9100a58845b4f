import { type TextKind } from '../../src-shared/text-policy';
import { textKindOf } from '../../src-shared/text-policy.schema';
import { defOf, WRAPPER_TYPES, type Def } from './zod-def';

/**
 * The name and note fields of a zod schema, found by walking it (issue 33):
 * every string the text policy governs (`nameText`/`noteText`, recognised by
 * `textKindOf`), and every other string whose key reads like a name or a
 * note, which a test must either cover or exempt by name. A field is named
 * by its schema path: `roster.formations[].name`, a record's values `{}`, a
 * discriminated union's option `<kind=record.note>`, another union's `|i`.
 */

export type Segment = string | number;

export interface TextField {
  /** The schema path (see above). */
  field: string;
  /** The policy's kind, or null for a name-like string the policy does not govern. */
  kind: TextKind | null;
}

/** Keys that read like a person's words rather than an id, a date or a code. */
const NAME_LIKE =
  /(^|[a-z_])(name|Name|notes?|Notes?|reason|text|Text|agreed|label|Label|contact|secondary|ruleRef|city|City|search|title|summary|description|comment|expiry|source|Source|bonus|Bonus)$/;

function discriminated(def: Def): string | undefined {
  return typeof def.discriminator === 'string' ? def.discriminator : undefined;
}

function optionLabel(def: Def, option: unknown, i: number): string {
  const disc = discriminated(def);
  if (disc) {
    const shape = defOf(option).shape as Record<string, unknown> | undefined;
    const lit = shape?.[disc] ? defOf(shape[disc]) : undefined;
    if (lit?.type === 'literal') return `<${disc}=${String((lit.values as unknown[])[0])}>`;
  }
  return `|${i}`;
}

/** Every policy-governed or name-like string field of `schema`. */
export function textFields(schema: unknown): TextField[] {
  const out = new Map<string, TextField>();
  const seen = new Set<unknown>();
  const walk = (s: unknown, path: string, key: string) => {
    const def = defOf(s);
    if (WRAPPER_TYPES.has(def.type)) return walk(def.innerType, path, key);
    switch (def.type) {
      case 'string': {
        const kind = textKindOf(s);
        if (kind || NAME_LIKE.test(key)) out.set(path, { field: path, kind });
        return;
      }
      case 'pipe':
        return walk(def.in, path, key);
      case 'lazy':
        if (seen.has(s)) return;
        seen.add(s);
        return walk((def.getter as () => unknown)(), path, key);
      case 'array':
        return walk(def.element, `${path}[]`, key);
      case 'tuple':
        return (def.items as unknown[]).forEach((item, i) => walk(item, `${path}[${i}]`, key));
      case 'record':
        return walk(def.valueType, `${path}{}`, key);
      case 'union':
        return (def.options as unknown[]).forEach((o, i) => walk(o, `${path}${optionLabel(def, o, i)}`, key));
      case 'intersection':
        walk(def.left, path, key);
        return walk(def.right, path, key);
      case 'object':
        for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, path ? `${path}.${k}` : k, k);
        return;
      default:
        return;
    }
  };
  walk(schema, '', '');
  return [...out.values()];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Where each field of `fields` sits in an actual value of `schema` (the first
 * place it does): its concrete path, for setting a text there. A field whose
 * parent the value lacks (an empty array, another union option) is absent.
 */
export function locateFields(schema: unknown, value: unknown, fields: Set<string>): Map<string, Segment[]> {
  const found = new Map<string, Segment[]>();
  const walk = (s: unknown, v: unknown, path: string, at: Segment[]) => {
    const def = defOf(s);
    if (WRAPPER_TYPES.has(def.type)) return walk(def.innerType, v, path, at);
    switch (def.type) {
      case 'string':
        if (fields.has(path) && !found.has(path)) found.set(path, at);
        return;
      case 'pipe':
        return walk(def.in, v, path, at);
      case 'lazy':
        return walk((def.getter as () => unknown)(), v, path, at);
      case 'array':
        if (Array.isArray(v)) v.forEach((item, i) => walk(def.element, item, `${path}[]`, [...at, i]));
        return;
      case 'tuple':
        if (Array.isArray(v)) (def.items as unknown[]).forEach((item, i) => walk(item, v[i], `${path}[${i}]`, [...at, i]));
        return;
      case 'record':
        if (isObject(v)) for (const k of Object.keys(v)) walk(def.valueType, v[k], `${path}{}`, [...at, k]);
        return;
      case 'union': {
        const disc = discriminated(def);
        (def.options as unknown[]).forEach((o, i) => {
          const matches = disc
            ? isObject(v) && optionLabel(def, o, i) === `<${disc}=${String(v[disc])}>`
            : (o as { safeParse: (x: unknown) => { success: boolean } }).safeParse(v).success;
          if (matches) walk(o, v, `${path}${optionLabel(def, o, i)}`, at);
        });
        return;
      }
      case 'intersection':
        walk(def.left, v, path, at);
        return walk(def.right, v, path, at);
      case 'object':
        if (!isObject(v)) return;
        for (const [k, sub] of Object.entries(def.shape as Record<string, unknown>)) walk(sub, v[k], path ? `${path}.${k}` : k, [...at, k]);
        return;
      default:
        return;
    }
  };
  walk(schema, value, '', []);
  return found;
}

/** A copy of `value` with each text at its place (copied once, however many there are). */
export function withTextsAt<T>(value: T, texts: { at: Segment[]; text: string }[]): T {
  const copy = structuredClone(value) as unknown;
  for (const { at, text } of texts) {
    let node = copy as Record<Segment, unknown>;
    for (const seg of at.slice(0, -1)) node = node[seg] as Record<Segment, unknown>;
    node[at[at.length - 1]!] = text;
  }
  return copy as T;
}

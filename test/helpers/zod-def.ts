/** A zod 4 schema's definition, read the way the fuzzers and the contract audits walk schemas. */
export type Def = { type: string; [k: string]: unknown };

export const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** Schema kinds that only wrap `def.innerType` (optional, default, nullable, …): a walker looks through them. */
export const WRAPPER_TYPES: ReadonlySet<string> = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional']);

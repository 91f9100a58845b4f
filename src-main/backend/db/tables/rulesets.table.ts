import type { Generated } from 'kysely';

export interface RulesetVersionsTable {
  id: Generated<number>;
  pack_id: string;
  version: number;
  name: string;
  rules_version: string;
  data_version: string;
  pack_json: string;
  parent_id: number | null;
  note: string;
  origin: 'bundled' | 'edit' | 'import';
  created_at: string;
}

export interface RulesetTables {
  ruleset_versions: RulesetVersionsTable;
}

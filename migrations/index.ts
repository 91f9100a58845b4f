import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_rulesets';
import * as m0003 from './0003_club';
import * as m0004 from './0004_rosters';
import * as m0005 from './0005_ledger';
import * as m0006 from './0006_battles';
import * as m0007 from './0007_reports';
import * as m0008 from './0008_ledger_indexes';
import * as m0009 from './0009_campaign_last_played';
import * as m0010 from './0010_report_facts';
import * as m0011 from './0011_merge_command_marks';
import * as m0012 from './0012_report_rulings';
import * as m0013 from './0013_report_uses_by_kind';
import * as m0014 from './0014_club_night_links';
import * as m0015 from './0015_designer_desk';
import * as m0016 from './0016_battle_ratings';
import * as m0017 from './0017_club_night_own_events';
import * as m0018 from './0018_name_keys_and_pack_digests';
import * as m0019 from './0019_club_side_claims';
import * as m0020 from './0020_report_side_vp_total';

/**
 * Every migration, statically imported so that the bundled main process,
 * the CLI and the tests all carry the same list. Names sort in the order they
 * run; never rename or edit one that has shipped, add a new one instead.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_rulesets': m0002,
  '0003_club': m0003,
  '0004_rosters': m0004,
  '0005_ledger': m0005,
  '0006_battles': m0006,
  '0007_reports': m0007,
  '0008_ledger_indexes': m0008,
  '0009_campaign_last_played': m0009,
  '0010_report_facts': m0010,
  '0011_merge_command_marks': m0011,
  '0012_report_rulings': m0012,
  '0013_report_uses_by_kind': m0013,
  '0014_club_night_links': m0014,
  '0015_designer_desk': m0015,
  '0016_battle_ratings': m0016,
  '0017_club_night_own_events': m0017,
  '0018_name_keys_and_pack_digests': m0018,
  '0019_club_side_claims': m0019,
  '0020_report_side_vp_total': m0020,
};

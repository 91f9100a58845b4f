export interface PlayersTable {
  id: string;
  name: string;
  contact: string;
  notes: string;
  created_at: string;
}

export interface CampaignsTable {
  id: string;
  name: string;
  ruleset_version_id: number;
  options_json: string;
  current_mission: number;
  status: 'active' | 'finished' | 'abandoned';
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface CampaignPlayersTable {
  campaign_id: string;
  seat: 'A' | 'B';
  player_id: string;
  faction_id: string;
}

export interface ClubTables {
  players: PlayersTable;
  campaigns: CampaignsTable;
  campaign_players: CampaignPlayersTable;
}

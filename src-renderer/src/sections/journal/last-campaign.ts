/**
 * The campaign the Journal last showed, kept in this window's storage (per device: each organiser's own, not the
 * club's shared settings), so the Journal opens where it was left. Storage may be refused (a private window): then
 * the Journal simply starts at its picker.
 */
const KEY = 'aoa.journal.lastCampaign';

export function lastJournalCampaign(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberJournalCampaign(campaignId: string | null): void {
  try {
    if (campaignId) localStorage.setItem(KEY, campaignId);
    else localStorage.removeItem(KEY);
  } catch {
    // nothing kept; the picker is shown next time
  }
}

/**
 * One mission, one record (issue 40): a campaign's mission is recorded once, by whichever door records it first (Play
 * Mode's Finish, a phone's confirmation, the paper form, a campaign file, a league). A battle of that mission still in
 * progress then stays readable, marked with this sentence, and can no longer finish it; its table links only read.
 */
export function missionRecordedNotice(mission: number): string {
  return `Mission ${mission} is already recorded: this battle can no longer finish it.`;
}

/** What the organiser can do about it, after the notice. */
export const MISSION_RECORDED_HELP = 'Abandon this battle, or undo the mission’s record in the Journal to play it on.';

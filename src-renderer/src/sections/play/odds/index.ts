/** What Play Mode embeds: the odds panel, its stand-alone page (/play/odds) and the choice types it takes. */
export { AttackOddsPanel, BLANK_ATTACK, type AttackOddsPanelProps, type AttackerOption, type TargetOption } from './AttackOddsPanel';
export { OddsPage } from './OddsPage';

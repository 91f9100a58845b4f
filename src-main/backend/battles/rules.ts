// The pure mapping lives in src-shared so the renderer replays a battle with the same rules.
export { battleRules } from '../../../src-shared/battle/rules-of-pack';

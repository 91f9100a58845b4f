import { activationHandlers } from './activation';
import { commandHandlers } from './command';
import { eventCryptidHandlers } from './event-cryptid';
import { abilityHandlers } from './abilities';
import { explosionHandlers } from './explosion';
import { ruleOfCoolHandlers } from './rule-of-cool';
import type { EventHandlers } from './handler';
import { recordHandlers } from './records';
import { roundEndHandlers } from './round-end';
import { setupHandlers } from './setup';

/** The round procedure as a table: event kind → its handler. The annotation makes a kind without a handler a type error. */
export const EVENT_HANDLERS: EventHandlers = {
  ...setupHandlers,
  ...commandHandlers,
  ...eventCryptidHandlers,
  ...activationHandlers,
  ...recordHandlers,
  ...explosionHandlers,
  ...ruleOfCoolHandlers,
  ...abilityHandlers,
  ...roundEndHandlers,
};

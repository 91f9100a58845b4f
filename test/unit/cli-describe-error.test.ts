import { describe, expect, it } from 'vitest';
import { CliRefusal, describeError } from '../../src-main/cli/runtime';
import { AppError } from '../../src-shared/errors';

/** Issue 15: what the CLI prints for a refusal cites the Field Manual a player holds, never the team's digest. */
describe('the CLI prints refusals citing the Field Manual', () => {
  it('a rule violation and each of its issues', () => {
    const d = describeError(
      new AppError('RULE_VIOLATION', 'Up to two orders per Command Phase (DIGEST 7.1).', {
        issues: [
          { path: ['orderId'], message: 'Up to two orders per Command Phase (DIGEST 7.1).' },
          { path: ['officerId'], message: 'A dead initiator cannot attempt it (Field Manual §8, DIGEST AMB-15).' },
        ],
      }),
    );
    expect(d.message).toContain('Up to two orders per Command Phase (Field Manual §6).');
    expect(d.message).toContain('officerId: A dead initiator cannot attempt it (Field Manual §8; ruling AMB-15).');
    expect(d.message).not.toContain('DIGEST');
    expect(d.code).toBe('RULE_VIOLATION');
  });

  it('a refusal of the CLI itself', () => {
    expect(describeError(new CliRefusal('Each order goes to a separate formation (DIGEST 7.1).')).message).toBe(
      'Each order goes to a separate formation (Field Manual §6).',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { checkCrossover, type CrossoverSide } from '../../src-shared/campaign/crossover';

const vet = (over: Partial<CrossoverSide> = {}): CrossoverSide => ({
  name: 'Ada',
  campaignMission: 3,
  fieldedPoints: 440,
  veteranSixesHeld: 2,
  veteranSixesUsed: 1,
  ...over,
});

describe('crossover games [000 §13 L265; DIGEST 18.3–18.5, AMB-24]', () => {
  const cases: [string, CrossoverSide, CrossoverSide, string[]][] = [
    ['two veterans at the same mission with matched points and matched sixes', vet(), vet({ name: 'Bram', veteranSixesHeld: 1 }), []],
    ['different mission levels', vet(), vet({ name: 'Bram', campaignMission: 4, veteranSixesHeld: 1 }), ['MISSION_LEVEL']],
    ['unmatched fielded points', vet(), vet({ name: 'Bram', fieldedPoints: 450, veteranSixesHeld: 1 }), ['FIELDED_POINTS']],
    ['a guest at exactly the veteran’s deployed points', vet(), vet({ name: 'Guest', campaignMission: null, fieldedPoints: 440, veteranSixesHeld: 1 }), []],
    [
      'a guest one point under is refused: exactly, not at most',
      vet(),
      vet({ name: 'Guest', campaignMission: null, fieldedPoints: 439, veteranSixesHeld: 1 }),
      ['GUEST_POINTS'],
    ],
    ['Veteran Sixes off for both', vet({ veteranSixesUsed: 0 }), vet({ name: 'Bram', veteranSixesHeld: 0, veteranSixesUsed: 0 }), []],
    ['Veteran Sixes used by one side only', vet({ veteranSixesUsed: 1 }), vet({ name: 'Bram', veteranSixesHeld: 0, veteranSixesUsed: 0 }), ['VETERAN_SIXES']],
    [
      'matched sixes above the smaller holding',
      vet({ veteranSixesUsed: 2 }),
      vet({ name: 'Bram', veteranSixesHeld: 1, veteranSixesUsed: 2 }),
      ['VETERAN_SIXES'],
    ],
    [
      'every condition failing is named',
      vet({ veteranSixesUsed: 2 }),
      vet({ name: 'Bram', campaignMission: 2, fieldedPoints: 400, veteranSixesUsed: 0, altActivationModule: true }),
      ['MISSION_LEVEL', 'FIELDED_POINTS', 'VETERAN_SIXES', 'MODULE_MISMATCH'],
    ],
  ];
  it.each(cases)('%s', (_n, a, b, codes) => {
    const r = checkCrossover(a, b);
    expect(r.failures.map((f) => f.code)).toEqual(codes);
    expect(r.ok).toBe(codes.length === 0);
    for (const f of r.failures) expect(f.message).toMatch(/\w/);
  });

  it('matched Veteran Sixes are the smaller holding (min)', () => {
    expect(checkCrossover(vet({ veteranSixesHeld: 3 }), vet({ name: 'B', veteranSixesHeld: 1 })).matchedVeteranSixes).toBe(1);
  });
});

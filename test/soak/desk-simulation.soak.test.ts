// Issue 41's seeded simulations of the desk, longer: the same suite as in npm test, with AOA_SOAK raising a ruling
// without effect to 2,000 seeds and the faction model's coverage to 400 seeds (2,000 intervals).
import '../unit/desk-simulation.test';

// The long model-based run of a formation's life (issue 32): the same suite as in npm test, with AOA_SOAK
// raising its runs to 3,000 random battles on a fresh seed (AOA_MODEL_RUNS overrides).
import '../unit/battle-model.test';

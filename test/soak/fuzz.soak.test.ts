// The large fuzz runs: the same suites as in npm test, with AOA_SOAK raising
// FUZZ_RUNS (default 1500 per channel; AOA_FUZZ_RUNS overrides), the seeded pass included.
import '../integration/fuzz-channels.test';
import '../integration/fuzz-cli-files.test';
import '../integration/fuzz-seeded.test';

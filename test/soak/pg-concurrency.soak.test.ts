// The league's concurrent writers at full size: the same suite as in npm test, with AOA_SOAK raising the eight
// organisers' writes from 100 each to 250 (2,000 in all; AOA_PG_WRITES overrides).
import '../integration/pg-concurrency.test';

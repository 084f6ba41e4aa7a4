import { setPasswordHashingCostForTests } from '../../src/services/passwords';

// Every suite's accounts are hashed with argon2id at its lowest cost. The servers the tests start as
// child processes (multi-process.test.ts) and the browser journeys keep the real cost.
setPasswordHashingCostForTests('lowest');

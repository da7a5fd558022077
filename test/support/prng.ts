// One seeded PRNG for the soak and the demo data alike.
export { createPrng, type Prng } from '../../mock-service/pentest/prng.ts';

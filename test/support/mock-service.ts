// The mock service lives in ../../mock-service (shared with the demos and `npm run mock-service`).
export * from '../../mock-service/mock-service.ts';

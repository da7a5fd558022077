export * from '../../mock-service/schema.ts';

export * from '../../mock-service/node/serve.ts';
